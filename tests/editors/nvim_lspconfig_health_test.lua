-- End-to-end: headless Neovim (0.7+) with nothing but fantasma-ls on PATH. The nvim-lspconfig
-- entry (lua/lspconfig/server_configurations/fantasma.lua, loaded as lspconfig would, without
-- lspconfig: Debian has none) must give the server's command, filetypes and root; then
-- require("fantasma").setup{} with no cmd gets diagnostics, and :checkhealth fantasma reports
-- the server found, its version, the profile folder and a model path that does not exist.
-- Environment: FANTASMA_LS, FANTASMA_PLUGIN, FANTASMA_FILE (as nvim_quickfix_test.lua).
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local ok, err = pcall(function()
  vim.opt.runtimepath:append(os.getenv("FANTASMA_PLUGIN"))
  vim.cmd("filetype on")
  local file = os.getenv("FANTASMA_FILE")
  local work = vim.fn.fnamemodify(file, ":h")
  -- fantasma-ls on PATH, as the Debian package puts it, and nowhere else.
  local bin = work .. "/bin"
  vim.fn.mkdir(bin, "p")
  assert(vim.loop.fs_symlink(vim.fn.fnamemodify(os.getenv("FANTASMA_LS"), ":p"), bin .. "/fantasma-ls"))
  vim.env.PATH = bin .. ":" .. vim.env.PATH

  local entry = require("lspconfig.server_configurations.fantasma")
  local default = entry.default_config
  if default.cmd[1] ~= "fantasma-ls" or not vim.tbl_contains(default.filetypes, "markdown") then
    fail("the lspconfig entry's cmd/filetypes: " .. vim.inspect(default))
  end
  vim.fn.mkdir(work .. "/project/.git", "p")
  vim.fn.mkdir(work .. "/project/chapters", "p")
  if default.root_dir(work .. "/project/chapters/one.md") ~= work .. "/project" then
    fail("root_dir is not the folder with .git: " .. default.root_dir(work .. "/project/chapters/one.md"))
  end
  if default.get_language_id(nil, "tex") ~= "latex" or not entry.docs.description then
    fail("the lspconfig entry's language ids or docs")
  end

  local profile = work .. "/profile"
  vim.fn.mkdir(profile, "p")
  vim.fn.writefile({ "I realise the colour of my prose gives me away." }, profile .. "/essay.md")
  require("fantasma").setup({
    settings = { debounceMs = 0, showCommonHabits = true, profileDirectory = profile,
                 model = work .. "/no-such-model.gguf" },
  })
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  if not vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
    fail("no diagnostics with setup{} and fantasma-ls on PATH; clients: "
      .. vim.inspect(vim.tbl_map(function(c) return c.name end, vim.lsp.get_active_clients()))
      .. " messages: " .. vim.fn.execute("messages"))
  end

  vim.cmd("checkhealth fantasma")
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
  local version = vim.trim(vim.fn.system({ os.getenv("FANTASMA_LS"), "--version" }))
  for _, wanted in ipairs({
    "OK:? fantasma%-ls found: " .. vim.pesc(bin .. "/fantasma-ls"),
    "OK:? version: " .. vim.pesc(version),
    "OK:? profile: " .. vim.pesc(profile) .. " %(1 text%)",
    "ERROR:? model " .. vim.pesc(work .. "/no-such-model.gguf") .. " does not exist",
  }) do
    if not report:find(wanted) then fail("checkhealth lacks '" .. wanted .. "':\n" .. report) end
  end
  io.stdout:write(report .. "\n")
end)
if not ok then fail(tostring(err)) end
io.stdout:write("PASS: lspconfig entry, setup{} from PATH and :checkhealth fantasma in Neovim "
  .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. "\n")
vim.cmd("qall!")
