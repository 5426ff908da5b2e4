-- End-to-end: headless Neovim (0.7+) with the fantasma plugin opens a LaTeX submission's main
-- file and receives fantasma-ls diagnostics for a file it \input's (not open in the editor):
-- the GitHub link and the first-person self-citation in sections/evaluation.tex, at their lines.
-- With the doubleBlind setting (the article is no review copy: off by default) they are
-- errors, and the plugin's statusline counts the project's leaks.
-- Run: nvim --headless -u NONE -c "luafile nvim_included_file_test.lua" with the environment
-- FANTASMA_LS (server binary), FANTASMA_PLUGIN (editors/nvim), FANTASMA_FILE (a copy of the
-- test set's article/main.tex, with its sections/ folder beside it).
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local ok, err = pcall(function()
  vim.opt.runtimepath:append(os.getenv("FANTASMA_PLUGIN"))
  vim.cmd("filetype on")
  require("fantasma").setup({
    cmd = { os.getenv("FANTASMA_LS"), "--stdio" },
    settings = { debounceMs = 0, doubleBlind = true },
  })
  local main = os.getenv("FANTASMA_FILE")
  vim.cmd("edit " .. vim.fn.fnameescape(main))
  local included = vim.fn.fnamemodify(main, ":h") .. "/sections/evaluation.tex"
  local included_buffer = vim.uri_to_bufnr(vim.uri_from_fname(included))

  local function codes()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(included_buffer)) do
      local lsp = d.user_data and d.user_data.lsp or d
      if d.severity == vim.diagnostic.severity.ERROR then
        found[(lsp.code or d.code) .. "@" .. tostring(d.lnum + 1)] = true
      end
    end
    return found
  end
  if not vim.wait(20000, function()
    local found = codes()
    return found["self-citation@4"] and found["comment-identity@3"]
  end, 50) then
    fail("no leak errors for the included file; got " .. vim.inspect(vim.diagnostic.get(included_buffer)))
  end
  local statusline = ""
  if not vim.wait(20000, function()
    statusline = require("fantasma").statusline()
    return statusline:match("^fantasma %d+ leaks, [%d.]+ bits$") ~= nil
  end, 50) then
    fail("the statusline does not count the leaks: '" .. statusline .. "'")
  end
  io.stdout:write(statusline .. "\n")
end)
if not ok then fail(tostring(err)) end
io.stdout:write("PASS: leaks in an included file shown in Neovim " .. tostring(vim.version().major) .. "."
  .. tostring(vim.version().minor) .. "\n")
vim.cmd("qall!")
