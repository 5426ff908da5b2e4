-- fantasma for Neovim: starts fantasma-ls for Markdown, LaTeX and plain-text buffers.
-- Works on Neovim 0.7 (Debian 12: vim.lsp.start_client + buf_attach_client) and newer
-- (vim.lsp.start). Diagnostics, quick fixes and code actions use Neovim's own LSP UI
-- (vim.diagnostic, vim.lsp.buf.code_action); the document's total identifying bits are kept
-- in vim.b.fantasma_bits for statuslines (see M.statusline()).
local M = {}

-- The server's command, filetypes and language ids are those of the nvim-lspconfig entry
-- (fantasma.lspconfig), so both ways of starting it agree.
local server = require("fantasma.lspconfig").default_config
local defaults = {
  cmd = server.cmd,
  filetypes = server.filetypes,
  -- The server's configuration, section "fantasma" (keys in lsp/README.md).
  settings = {},
  -- Passed to the LSP client as is (e.g. { debounce_text_changes = 0 }).
  flags = {},
}

local config = vim.deepcopy(defaults)
local client_id = nil

-- The configuration setup() was given, over the defaults (read by :checkhealth fantasma).
function M.config() return config end

function M.on_summary(_, summary)
  if type(summary) ~= "table" or not summary.uri then return end
  local bufnr = vim.uri_to_bufnr(summary.uri)
  if vim.api.nvim_buf_is_valid(bufnr) then
    vim.b[bufnr].fantasma_bits = summary.totalBits
    vim.b[bufnr].fantasma_markers = summary.markerCount
    -- Checked as a double-blind submission: how many leaks would identify the authors.
    vim.b[bufnr].fantasma_leaks = summary.doubleBlind and summary.leakCount or nil
  end
  vim.cmd("redrawstatus")
end

-- The settings as the server wants them: an object, also when setup{} gave none (an empty Lua
-- table would go out as the JSON array []).
local function settings()
  return next(config.settings) and config.settings or vim.empty_dict()
end

local function client_config(root_dir)
  return {
    name = "fantasma",
    cmd = config.cmd,
    root_dir = root_dir,
    flags = config.flags,
    get_language_id = server.get_language_id,
    init_options = { fantasma = settings() },
    settings = { fantasma = settings() },
    handlers = {
      ["fantasma/summary"] = M.on_summary,
      -- Neovim 0.7 does not answer configuration pulls by itself.
      ["workspace/configuration"] = function(_, params)
        local result = {}
        for i, item in ipairs(params.items or {}) do
          result[i] = item.section == "fantasma" and settings() or vim.NIL
        end
        return result
      end,
    },
    on_init = function(client)
      client.notify("workspace/didChangeConfiguration", { settings = { fantasma = settings() } })
    end,
  }
end

-- Attaches fantasma-ls to `bufnr`, starting it once per Neovim session.
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local root_dir = vim.fn.getcwd()
  if vim.fn.executable(config.cmd[1]) == 0 then
    if not M.warned then
      M.warned = true  -- once a session, not once a buffer
      vim.notify("fantasma: " .. config.cmd[1] .. " was not found. Install the fantasma package" ..
        " (it puts fantasma-ls on PATH) or give setup{} its path as cmd; :checkhealth fantasma" ..
        " tells more.", vim.log.levels.ERROR)
    end
    return
  end
  if vim.lsp.start then
    vim.lsp.start(client_config(root_dir), { bufnr = bufnr })
    return
  end
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client(client_config(root_dir))
    if client_id == nil then
      vim.notify("fantasma: could not start " .. table.concat(config.cmd, " ") ..
        " (install the fantasma package, which puts fantasma-ls on PATH, or set cmd;" ..
        " :checkhealth fantasma tells more)", vim.log.levels.ERROR)
      return
    end
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
end

-- A statusline component: "fantasma 12.3 bits" for attached buffers ("fantasma 3 leaks,
-- 12.3 bits" in a double-blind check), "" otherwise.
function M.statusline()
  local bits = vim.b.fantasma_bits
  if bits == nil then return "" end
  local leaks = vim.b.fantasma_leaks
  if leaks ~= nil then
    return string.format("fantasma %d %s, %.1f bits", leaks, leaks == 1 and "leak" or "leaks", bits)
  end
  return string.format("fantasma %.1f bits", bits)
end

function M.setup(options)
  config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), options or {})
  local group = vim.api.nvim_create_augroup("fantasma", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = config.filetypes,
    callback = function(args) M.attach(args.buf) end,
  })
  -- Buffers already open when setup() runs.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(config.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

return M
