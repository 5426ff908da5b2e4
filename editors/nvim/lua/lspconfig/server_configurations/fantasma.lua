-- nvim-lspconfig (up to 0.1.x) looks here for `require("lspconfig").fantasma`.
return require("fantasma.lspconfig")
