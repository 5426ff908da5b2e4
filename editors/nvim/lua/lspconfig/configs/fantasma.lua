-- nvim-lspconfig (after 0.1.x) looks here for `require("lspconfig").fantasma`.
return require("fantasma.lspconfig")
