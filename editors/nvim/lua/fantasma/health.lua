-- :checkhealth fantasma: is fantasma-ls there, which version, and are the model and the
-- profile folder that setup{} was given usable. Neovim 0.7 reports through require("health"),
-- later ones through vim.health (whose functions lost their report_ prefix in 0.10).
local M = {}

local health = vim.health or require("health")
local report = {
  start = health.start or health.report_start,
  ok = health.ok or health.report_ok,
  info = health.info or health.report_info,
  warn = health.warn or health.report_warn,
  error = health.error or health.report_error,
}

local prose = { md = true, markdown = true, tex = true, txt = true, text = true }

local function check_server(cmd)
  local path = vim.fn.exepath(cmd[1])
  if path == "" then
    report.error(cmd[1] .. " was not found", {
      "Install the fantasma package: it puts fantasma-ls on PATH",
      "or give setup{} its path: require('fantasma').setup({ cmd = { '/path/to/fantasma-ls' } })",
    })
    return
  end
  report.ok("fantasma-ls found: " .. path)
  local version = vim.trim(vim.fn.system({ path, "--version" }))
  if vim.v.shell_error ~= 0 then
    report.error(path .. " --version failed: " .. version)
    return
  end
  report.ok("version: " .. version)
end

local function check_model(model)
  if model == nil or model == "" then
    report.info("no model (settings.model): the model's rewrites are not offered; the deterministic ones are")
  elseif vim.loop.fs_stat(model) then
    report.ok("model: " .. model)
  else
    report.error("model " .. model .. " does not exist", { "settings.model: a GGUF file or a Hugging Face folder" })
  end
end

local function check_profile(folder)
  if folder == nil or folder == "" then
    report.info("no profile (settings.profileDirectory): markers are scored against the reference writers")
    return
  end
  local stat = vim.loop.fs_stat(folder)
  if not stat or stat.type ~= "directory" then
    report.error("profile folder " .. folder .. " is not a folder", { "settings.profileDirectory: a folder of your own texts" })
    return
  end
  local texts = 0
  for _, file in ipairs(vim.fn.readdir(folder)) do
    if prose[vim.fn.fnamemodify(file, ":e")] then texts = texts + 1 end
  end
  if texts == 0 then
    report.warn("profile folder " .. folder .. " holds no .md, .tex or .txt file", { "put some of your own writing there" })
  else
    report.ok("profile: " .. folder .. " (" .. texts .. (texts == 1 and " text)" or " texts)"))
  end
end

function M.check()
  local config = require("fantasma").config()
  report.start("fantasma-ls")
  check_server(config.cmd)
  report.start("settings")
  check_model(config.settings.model)
  check_profile(config.settings.profileDirectory)
end

return M
