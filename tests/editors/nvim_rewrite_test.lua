-- End-to-end: headless Neovim (0.7+) with the fantasma plugin and the tiny random chat model
-- (tests/generator/tiny-chat-model) as the rewrite model:
--   1. the code action "Rewrite paragraph in a neutral style with the model", chosen through
--      vim.lsp.buf.code_action(), reports work-done progress (begin, the model loading,
--      tokens, end) and its result reaches the buffer through workspace/applyEdit (the
--      model's noise is rejected, so the deterministic rewrite is what is applied);
--   2. a rewrite is cancelled with $/cancelRequest, another with
--      window/workDoneProgress/cancel: both end their progress as "cancelled", and the
--      buffer is left alone;
--   3. a rewrite whose buffer is edited while the model runs is refused with a message.
-- Environment: FANTASMA_LS, FANTASMA_PLUGIN, FANTASMA_FILE (as the quick fix test) and
-- FANTASMA_MODEL (the model folder).
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
end

local ok, err = pcall(function()
  -- Every $/progress value and every message the server shows, as they come.
  local progress, messages = {}, {}
  local progress_handler = vim.lsp.handlers["$/progress"]
  vim.lsp.handlers["$/progress"] = function(e, result, ctx, config)
    table.insert(progress, { token = result.token, value = result.value })
    return progress_handler(e, result, ctx, config)
  end
  vim.lsp.handlers["window/showMessage"] = function(_, result)
    table.insert(messages, result.message)
  end

  vim.opt.runtimepath:append(os.getenv("FANTASMA_PLUGIN"))
  vim.cmd("filetype on")
  require("fantasma").setup({
    cmd = { os.getenv("FANTASMA_LS"), "--stdio" },
    -- The reference backend: on a model this small, the fast backend's threads cost more.
    settings = { debounceMs = 0, showCommonHabits = true, model = os.getenv("FANTASMA_MODEL"), backend = "reference",
                 rewriteCandidates = 1 },
    -- Edits reach the server at once, while the model is still writing.
    flags = { debounce_text_changes = 0 },
  })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("FANTASMA_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()

  local function spelling_diagnostic()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local lsp = d.user_data and d.user_data.lsp or d
      if (lsp.code or d.code) == "regional-spelling" then return d end
    end
  end
  if not vim.wait(20000, function() return spelling_diagnostic() ~= nil end, 50) then
    fail("no regional-spelling diagnostic; got " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  local client = vim.lsp.get_active_clients()[1]
  local diagnostic = spelling_diagnostic()
  vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, diagnostic.col })

  -- 1. Through the code action menu.
  local model_action = "Rewrite paragraph in a neutral style with the model"
  vim.ui.select = function(items, _, on_choice)
    local titles = {}
    for i, item in ipairs(items) do
      local action = item[2] or item.action or item
      if action.title == model_action then return on_choice(item, i) end
      table.insert(titles, action.title or "?")
    end
    fail("no '" .. model_action .. "' among: " .. table.concat(titles, " | "))
  end
  vim.lsp.buf.code_action()
  if not vim.wait(30000, function() return buffer_text(bufnr):find("the color of the sea was gray", 1, true) ~= nil end, 50) then
    fail("the rewrite did not reach the buffer: " .. buffer_text(bufnr) .. "\nmessages: " .. vim.inspect(messages))
  end
  local text = buffer_text(bufnr)
  if not text:find("colour_code = 1", 1, true) then fail("the code block was edited") end
  if not text:find("# A note\n", 1, true) then fail("the heading changed: " .. text) end
  local kinds, saw_loading, saw_tokens = {}, false, false
  for _, p in ipairs(progress) do
    if type(p.token) == "string" and p.token:find("fantasma-rewrite", 1, true) then
      table.insert(kinds, p.value.kind)
      saw_loading = saw_loading or (p.value.message == "loading the rewrite model")
      saw_tokens = saw_tokens or ((p.value.message or ""):find("tokens", 1, true) ~= nil)
    end
  end
  if kinds[1] ~= "begin" or kinds[#kinds] ~= "end" or not saw_loading or not saw_tokens then
    fail("progress of the rewrite: " .. vim.inspect(progress))
  end

  -- The paragraph again as the writer had it (a marker to remove), and more candidates so
  -- that the model is still writing when the client acts.
  vim.api.nvim_buf_set_lines(bufnr, 2, 3, false, { "“Naïve” — they said the colour of the sea was grey. I realise my favourite" })
  client.notify("workspace/didChangeConfiguration", { settings = { fantasma = {
    debounceMs = 0, showCommonHabits = true, model = os.getenv("FANTASMA_MODEL"), backend = "reference",
    rewriteCandidates = 16 } } })
  local paragraph = { start = { line = 2, character = 0 }, ["end"] = { line = 3, character = 0 } }

  -- Starts a rewrite; returns its request id and a function telling whether it was answered.
  local function start_rewrite()
    local answer = nil
    local version = vim.lsp.util.buf_versions[bufnr]
    local sent, id = client.request("workspace/executeCommand", {
      command = "fantasma.rewriteWithModel",
      arguments = { { uri = vim.uri_from_bufnr(bufnr), version = version, range = paragraph } },
    }, function(e, result) answer = { err = e, result = result } end, bufnr)
    if not sent then fail("executeCommand not sent") end
    return id, function() return answer end
  end
  -- The token of the newest rewrite once it reports generated tokens.
  local function writing_token(after)
    local token = nil
    if not vim.wait(30000, function()
      for i = after + 1, #progress do
        local m = progress[i].value.message or ""
        if m:find("tokens", 1, true) then token = progress[i].token return true end
      end
    end, 10) then fail("no token progress: " .. vim.inspect(progress)) end
    return token
  end
  local function ended_as(token, wanted)
    return vim.wait(30000, function()
      for _, p in ipairs(progress) do
        if p.token == token and p.value.kind == "end" then return p.value.message == wanted end
      end
    end, 10)
  end

  -- 2. Cancelled both ways.
  local before = buffer_text(bufnr)
  local seen = #progress
  local id = start_rewrite()
  local token = writing_token(seen)
  client.cancel_request(id)
  if not ended_as(token, "cancelled") then fail("$/cancelRequest: " .. vim.inspect(progress)) end
  seen = #progress
  start_rewrite()
  token = writing_token(seen)
  client.notify("window/workDoneProgress/cancel", { token = token })
  if not ended_as(token, "cancelled") then fail("workDoneProgress/cancel: " .. vim.inspect(progress)) end
  -- Neovim's RPC layer swallows RequestCancelled answers, so no answer reaches a callback:
  -- the progress's end says it instead. The Catch2 tests check the -32800 answer.
  if buffer_text(bufnr) ~= before then fail("a cancelled rewrite changed the buffer") end

  -- 3. Edited while the model writes: refused, with a message.
  seen = #progress
  local _, answered_stale = start_rewrite()
  writing_token(seen)
  vim.api.nvim_buf_set_lines(bufnr, -1, -1, false, { "", "A line added meanwhile." })
  if not vim.wait(60000, function() return answered_stale() ~= nil end, 10) then fail("no answer to the stale rewrite") end
  local stale = answered_stale()
  if stale.err or stale.result.applied ~= false then fail("stale rewrite answered " .. vim.inspect(stale)) end
  local refused = false
  for _, message in ipairs(messages) do
    refused = refused or message:find("changed while it was being rewritten", 1, true) ~= nil
  end
  if not refused then fail("no message about the change: " .. vim.inspect(messages)) end
  if not buffer_text(bufnr):find("the colour of the sea", 1, true) then fail("the stale rewrite was applied") end
end)
if not ok then fail(tostring(err)) end
io.stdout:write("PASS: model rewrite, progress, cancellation and stale-version refusal in Neovim "
  .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. "\n")
vim.cmd("qall!")
