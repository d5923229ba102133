# xmp_add_mlir_library: the one way the compiler's libraries are declared.
#
#   xmp_add_mlir_library(XMPTransforms
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
#   - installation into XMPTargets.
function(xmp_add_mlir_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_LIBS" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "xmp_add_mlir_library(${name}): unknown arguments "
                        "${ARG_UNPARSED_ARGUMENTS}")
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
  install(TARGETS ${name} EXPORT XMPTargets LIBRARY DESTINATION lib)
endfunction()
