-- End-to-end: headless Neovim (0.7+) with the fantasma plugin opens a Markdown file, receives
-- fantasma-ls diagnostics, applies a quick fix through vim.lsp.buf.code_action() (the UI
-- path a user takes) and checks the buffer's text.
-- Run: nvim --headless -u NONE -c "luafile nvim_quickfix_test.lua" with the environment
-- FANTASMA_LS (server binary), FANTASMA_PLUGIN (editors/nvim), FANTASMA_FILE (a copy of the
-- sample, which the test edits).
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local ok, err = pcall(function()
  vim.opt.runtimepath:append(os.getenv("FANTASMA_PLUGIN"))
  vim.cmd("filetype on")
  require("fantasma").setup({
    cmd = { os.getenv("FANTASMA_LS"), "--stdio" },
    -- The sample's British spellings are habits many writers share, hidden unless asked for.
    settings = { debounceMs = 0, showCommonHabits = true },
  })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("FANTASMA_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()

  local function spelling_diagnostic()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local lsp = d.user_data and d.user_data.lsp or d
      if (lsp.code or d.code) == "regional-spelling" and d.message:find("colour", 1, true) then return d end
    end
  end
  if not vim.wait(20000, function() return spelling_diagnostic() ~= nil end, 50) then
    fail("no regional-spelling diagnostic for 'colour'; got " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  local diagnostic = spelling_diagnostic()
  -- The line has curly quotes and an em dash before the marker: Neovim 0.7 keeps byte
  -- columns here, so the cursor is placed by byte column too.
  vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, diagnostic.col })

  local chosen = nil
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      local action = item[2] or item.action or item
      local title = action.title or ""
      if title:find("color", 1, true) and not title:find("all", 1, true) then
        chosen = title
        return on_choice(item, i)
      end
    end
    local titles = {}
    for _, item in ipairs(items) do
      local action = item[2] or item.action or item
      table.insert(titles, action.title or "?")
    end
    fail("no 'color' quick fix among: " .. table.concat(titles, " | "))
  end
  vim.lsp.buf.code_action()
  if not vim.wait(10000, function()
    return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n"):find("the color of", 1, true) ~= nil
  end, 50) then
    fail("quick fix '" .. tostring(chosen) .. "' did not change the buffer: "
      .. table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n"))
  end
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
  if text:find("colour of", 1, true) then fail("'colour' still in the prose") end
  if not text:find("“Naïve” — they said the color of", 1, true) then
    fail("text around the fix changed: " .. text)
  end
  -- The fenced code keeps its British spelling: it is not prose.
  if not text:find("colour_code = 1", 1, true) then fail("code block was edited") end
end)
if not ok then fail(tostring(err)) end
io.stdout:write("PASS: quick fix applied in Neovim " .. tostring(vim.version().major) .. "."
  .. tostring(vim.version().minor) .. "\n")
vim.cmd("qall!")
