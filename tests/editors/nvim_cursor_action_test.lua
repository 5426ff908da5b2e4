-- End-to-end: in headless Neovim (0.7+), the first code action offered at a word fixes that
-- word, even on a line with other markers (Neovim 0.7 echoes every diagnostic of the line in
-- the request). The cursor goes to the last marker of the line with the most markers, the
-- test takes the first action vim.lsp.buf.code_action() offers, and checks that the word
-- under the cursor changed and the rest of the line did not.
-- cursor_sample.md has one line with several markers (triple hyphens, twice, in one marker,
-- a zero-width space, a no-break space), habits few writers share.
-- Environment as nvim_quickfix_test.lua: FANTASMA_LS, FANTASMA_PLUGIN, FANTASMA_FILE.
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local ok, err = pcall(function()
  vim.opt.runtimepath:append(os.getenv("FANTASMA_PLUGIN"))
  vim.cmd("filetype on")
  require("fantasma").setup({
    cmd = { os.getenv("FANTASMA_LS"), "--stdio" },
    settings = { debounceMs = 0 },
  })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("FANTASMA_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()

  local function busiest_line()
    local by_line = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      by_line[d.lnum] = by_line[d.lnum] or {}
      table.insert(by_line[d.lnum], d)
    end
    local best = nil
    for _, diagnostics in pairs(by_line) do
      if #diagnostics >= 2 and (best == nil or #diagnostics > #best) then best = diagnostics end
    end
    return best
  end
  if not vim.wait(20000, function() return busiest_line() ~= nil end, 50) then
    fail("no line with two or more diagnostics; got " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  local line_diagnostics = busiest_line()
  table.sort(line_diagnostics, function(a, b) return a.col < b.col end)
  local target = line_diagnostics[#line_diagnostics]
  local line = vim.api.nvim_buf_get_lines(bufnr, target.lnum, target.lnum + 1, false)[1]
  -- Neovim 0.7 keeps byte columns for these diagnostics: the word is cut out by bytes.
  local before, word = line:sub(1, target.col), line:sub(target.col + 1, target.end_col)
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col })

  local chosen = nil
  vim.ui.select = function(items, _, on_choice)
    if #items == 0 then fail("no code actions at '" .. word .. "'") end
    local action = items[1][2] or items[1].action or items[1]
    chosen = action.title
    on_choice(items[1], 1)
  end
  vim.lsp.buf.code_action()
  if not vim.wait(10000, function()
    return vim.api.nvim_buf_get_lines(bufnr, target.lnum, target.lnum + 1, false)[1] ~= line
  end, 50) then
    fail("the first action '" .. tostring(chosen) .. "' did not change line " .. target.lnum + 1)
  end
  local changed = vim.api.nvim_buf_get_lines(bufnr, target.lnum, target.lnum + 1, false)[1]
  if changed:sub(1, #before) ~= before then
    fail("the first action '" .. tostring(chosen) .. "' at '" .. word .. "' changed an earlier"
      .. " marker of the line: '" .. line .. "' became '" .. changed .. "'")
  end
  if changed:sub(#before + 1, #before + #word) == word then
    fail("the first action '" .. tostring(chosen) .. "' left '" .. word .. "' as it was")
  end
  io.stdout:write("first action at '" .. word .. "': " .. tostring(chosen) .. "\n")
end)
if not ok then fail(tostring(err)) end
io.stdout:write("PASS: the first code action fixed the word under the cursor in Neovim "
  .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. "\n")
vim.cmd("qall!")
