# -*- Python -*- lit configuration of the xmp-mlir test suite.
import os
import shutil
import lit.formats
from lit.llvm import llvm_config

config.name = "XMP"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.xmp_obj_root, "test")
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "embed", "Inputs",
                   "runtime", "compare.py", "corpus"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.xmp_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
for var in ["OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"]:
    config.environment[var] = "1"
config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
# scripts/sanitize.sh keeps MPI's components loaded, so that their memory
# kept until exit has stacks its LeakSanitizer suppressions can match.
if "OMPI_MCA_mca_base_component_disable_dlclose" in os.environ:
    config.environment["OMPI_MCA_mca_base_component_disable_dlclose"] = \
        os.environ["OMPI_MCA_mca_base_component_disable_dlclose"]

tool_dirs = [config.xmp_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["xmp-opt", "xmp-translate", "xmpcc"], tool_dirs)
if config.cfront_built:
    llvm_config.add_tool_substitutions(["xmp-cfront"], tool_dirs)
    config.available_features.add("cfront")
config.substitutions.append(
    ("%compare", "python3 " + os.path.join(config.xmp_src_root, "test",
                                           "Integration", "compare.py")))
config.substitutions.append(
    ("%cc", os.path.join(config.llvm_tools_dir, "clang") +
     " -O2 -ffp-contract=off"))
config.substitutions.append(("%xmp_src", config.xmp_src_root))
config.substitutions.append(
    ("%xmp_opt", os.path.join(config.xmp_tools_dir, "xmp-opt")))
config.substitutions.append(("%xmp_lib", config.xmp_lib_dir))
config.substitutions.append(
    ("%mpirun", config.mpiexec + " --oversubscribe --bind-to none"))

if config.runtime_built:
    config.available_features.add("runtime")
if config.cuda_available:
    config.available_features.add("cuda")
# libxmprt built with CUDA (programs compiled with --gpu link and run; on a
# machine without a GPU their device loops run on the CPU cores).
if config.runtime_built and config.cuda_runtime:
    config.available_features.add("cuda-runtime")
if config.runtime_built and config.starpu_runtime:
    config.available_features.add("starpu")
# The GPU pipeline embeds a fatbin: gpu-module-to-binary runs the CUDA
# toolkit's ptxas (and fatbinary next to it). No GPU is needed.
if os.path.exists("/usr/local/cuda/bin/ptxas") or shutil.which("ptxas"):
    config.available_features.add("ptxas")
