-- fantasma-ls in nvim-lspconfig's format ({ default_config, docs }), with no dependency on
-- lspconfig itself, so that the same table serves both ways:
--   * with nvim-lspconfig: this folder on the runtime path makes `require("lspconfig").fantasma`
--     find lua/lspconfig/server_configurations/fantasma.lua (lspconfig up to 0.1.x, the last
--     for Neovim 0.7) or lua/lspconfig/configs/fantasma.lua (later releases), which return it;
--   * without: require("fantasma").setup{} starts the server from this default_config.
local M = {}

-- The nearest folder above `path` holding .git, else the file's own folder (so a single file
-- outside any project still gets a server). Neovim 0.7 has no vim.fs, hence by hand.
function M.root_dir(path)
  local folder = vim.fn.fnamemodify(path, ":p:h")
  local dir = folder
  while dir ~= "" do
    if vim.loop.fs_stat(dir .. "/.git") then return dir end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then break end
    dir = parent
  end
  return folder
end

-- Neovim uses the filetype as languageId; the server expects LSP's ids.
local language_ids = { text = "plaintext", plaintex = "latex", tex = "latex" }

M.default_config = {
  cmd = { "fantasma-ls", "--stdio" },
  filetypes = { "markdown", "tex", "plaintex", "text" },
  root_dir = M.root_dir,
  single_file_support = true,
  get_language_id = function(_, filetype) return language_ids[filetype] or filetype end,
  -- The server's configuration, section "fantasma" (keys in lsp/README.md).
  settings = { fantasma = {} },
  handlers = {
    -- The document's total identifying bits, for require("fantasma").statusline().
    ["fantasma/summary"] = function(...) return require("fantasma").on_summary(...) end,
  },
}

M.docs = {
  description = [[
fantasma-ls shows what in your prose identifies you: authorship markers as diagnostics,
quick fixes and rewrites as code actions, in Markdown, LaTeX and plain text. Install the
fantasma package (fantasma-ls on PATH). `:checkhealth fantasma` checks the setup.
]],
  default_config = { root_dir = [[the folder holding .git above the file, else the file's folder]] },
}

return M
