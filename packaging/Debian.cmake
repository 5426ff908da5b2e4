# The Debian package (cpack -G DEB; scripts/package.sh): fantasma_<version>_amd64.deb.
# Depends is computed by dpkg-shlibdeps from the programs' libraries. The OpenCL loader and
# CLBlast are among them (the programs link them), but neither needs a GPU: with no OpenCL
# driver installed, `--backend auto` runs on the CPU. A driver (an OpenCL ICD) is only
# recommended: PoCL gives every CPU one, a GPU vendor's gives the GPU.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME fantasma)
set(CPACK_PACKAGE_VENDOR "the fantasma developers")
set(CPACK_PACKAGE_CONTACT "fantasma developers <dev@fantasma.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # fantasma_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION text)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd")
# The first line is the synopsis; CPack indents the others as Debian's control format wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION [=[shows what in your prose identifies you, and rewrites it away
fantasma finds the habits that give a writer away: word choice, punctuation,
spelling, rhythm, invisible characters and self-identifying content, with
how rare each is among reference writers. It checks documents from the
command line (fantasma check, fantasma rewrite) and in any editor through its
language server (fantasma-ls). Markdown, LaTeX and plain text. Everything
runs locally: nothing leaves the machine.]=])
# Files and folders root-owned with Debian's usual modes, whatever the build user's umask.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
    GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/package)
include(CPack)
