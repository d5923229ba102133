# xmp_add_mlir_library: the one way the compiler's libraries are declared.
#
#   xmp_add_mlir_library(XMPTransforms KIND transforms
#     SOURCES a.cpp b.cpp
#     DEPENDS XMPPassIncGen               # tablegen targets
#     LINK_LIBS XMPDialect XMPRuntimeHeaders)
#
# A thin wrapper in the manner of upstream add_mlir_dialect_library /
# add_mlir_conversion_library, kept local because those install into
# MLIR's own export set (MLIRTargets) while this project installs its
# package as XMPTargets (find_package(XMP), test/embed). What it does:
#   - a shared library NAME and its alias XMP::NAME;
#   - the project's include directories (source and generated headers) as
#     PUBLIC usage requirements, nothing global: a library reaches another
#     part's headers only through LINK_LIBS (the runtime's headers through
#     XMPRuntimeHeaders);
#   - MLIR and LLVM as the shared libraries (MLIR_LINK_MLIR_DYLIB);
#   - the list property XMP_<KIND>_LIBS (KIND: dialect, transforms,
#     conversion, registration), like upstream's MLIR_DIALECT_LIBS;
#   - installation into XMPTargets.
function(xmp_add_mlir_library name)
  cmake_parse_arguments(ARG "" "KIND" "SOURCES;DEPENDS;LINK_LIBS" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "xmp_add_mlir_library(${name}): unknown arguments "
                        "${ARG_UNPARSED_ARGUMENTS}")
  endif()
  set(_kinds dialect transforms conversion registration)
  if(NOT ARG_KIND IN_LIST _kinds)
    message(FATAL_ERROR "xmp_add_mlir_library(${name}): KIND must be one of "
                        "${_kinds}, not '${ARG_KIND}'")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "xmp_add_mlir_library(${name}): no SOURCES")
  endif()
  add_library(${name} SHARED ${ARG_SOURCES})
  add_library(XMP::${name} ALIAS ${name})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  string(TOUPPER "${ARG_KIND}" _kind)
  set_property(GLOBAL APPEND PROPERTY XMP_${_kind}_LIBS ${name})
  install(TARGETS ${name} EXPORT XMPTargets LIBRARY DESTINATION lib)
endfunction()
