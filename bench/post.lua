-- wrk script: sends requests to WRK_PATH with the x-api-key WRK_KEY.
-- WRK_MODE: "natal" (50 different birth data, rotated), "batch" (100 natal
-- items per request, 10 bodies rotated), "natal-unique" / "batch-unique"
-- (every chart a birth minute never sent before in the run, so the result
-- cache cannot answer), "pair-unique" (two such births a call, as
-- {"person1":...,"person2":...}: the relationship routes uncached), "get"
-- (GET WRK_PATH, query included), "body"
-- (POST the one JSON body WRK_BODY), "bodies" (POST the lines of the file
-- WRK_BODIES, rotated), "unique" (WRK_BODY is a template: every call fills
-- {year}, {month}, {day}, {hour} and {minute} with a date and time never
-- sent before in the run; see fill below), "mcp-natal" / "mcp-natal-unique"
-- (the natal and natal-unique births as MCP tools/call requests of the
-- natal tool: stateless, so no handshake). In a "body" or "bodies" body,
-- every {n} is replaced by a number never sent before in the run (per
-- thread and round), so that a Cacheable route computes every call: e.g.
-- "start":"2024-01-01T00:00:00.{n}Z".
local path = os.getenv("WRK_PATH") or "/"
local key = os.getenv("WRK_KEY") or ""
local mode = os.getenv("WRK_MODE") or "natal"
local bodies = {}
local n = 0

local function natal(i)
  return string.format('{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%.4f,"longitude":%.4f}',
    1940 + (i * 7) % 70, 1 + i % 12, 1 + (i * 5) % 28, (i * 3) % 24, (i * 11) % 60,
    -50 + (i * 13) % 110 + 0.25, -170 + (i * 37) % 340 + 0.5)
end

-- unique(k) is birth k of this thread: consecutive minutes from a year
-- that differs per thread (60 years apart), with the place moving too.
-- thread_id is the global setup() gives each thread (wrk's Lua is 5.1:
-- no integer division operator).
local floor = math.floor
local function unique(k)
  local t = thread_id or 0
  local m = k % 60
  local h = floor(k / 60) % 24
  local d = 1 + floor(k / 1440) % 28
  local mo = 1 + floor(k / 40320) % 12
  local y = 1900 + 60 * t + floor(k / 483840) % 60
  return string.format('{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%.4f,"longitude":%.4f}',
    y, mo, d, h, m, -50 + (k * 13) % 110 + 0.25, -170 + (k * 37) % 340 + 0.5)
end

-- rpc wraps natal arguments in a JSON-RPC tools/call of the natal tool.
local function rpc(args)
  return '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"natal","arguments":' .. args .. '}}'
end

local threads_made = 0
function setup(thread)
  thread:set("thread_id", threads_made)
  threads_made = threads_made + 1
end

-- A "unique" template, cut at its placeholders once: pieces[i] is text or
-- the name of a field. {year:FROM:TO} bounds the years (default 1800:2399,
-- the solar-term table's).
local pieces, y0, span = {}, 1800, 600
if mode == "unique" then
  local tpl = os.getenv("WRK_BODY") or "{}"
  tpl = string.gsub(tpl, "{year:(%-?%d+):(%-?%d+)}", function(a, b)
    y0, span = tonumber(a), tonumber(b) - tonumber(a) + 1
    return "{year}"
  end)
  local at = 1
  while true do
    local i, j, name = string.find(tpl, "{(%a+)}", at)
    if not i then break end
    pieces[#pieces + 1] = string.sub(tpl, at, i - 1)
    pieces[#pieces + 1] = { name }
    at = j + 1
  end
  pieces[#pieces + 1] = string.sub(tpl, at)
end

-- fill(n) is call n (from 0) of this thread in this round. Each (round,
-- thread) pair is one of 8 lanes; lane L walks the days (day 1-28 of every
-- month of every year of the span, S of them) from day L*S/8, so for dates
-- alone lanes stay apart for S/8 calls (252,000 for 6,000 years); its
-- clock time starts at L*3 hours and moves a minute each time the lane
-- has gone round all S days, so date-times never repeat in a run.
local values = {}
local function fill(n)
  local t = thread_id or 0
  local lane = ((tonumber(os.getenv("WRK_ROUND")) or 0) % 4) * 2 + t % 2
  local S = span * 336
  local idx = lane * floor(S / 8) + n
  local d = idx % S
  local tm = (lane * 180 + floor(idx / S)) % 1440
  values.year = y0 + floor(d / 336)
  values.month = 1 + floor(d / 28) % 12
  values.day = 1 + d % 28
  values.hour = floor(tm / 60)
  values.minute = tm % 60
  local out = {}
  for i, p in ipairs(pieces) do
    if type(p) == "table" then out[i] = values[p[1]] else out[i] = p end
  end
  return table.concat(out)
end

if mode == "body" then
  bodies[1] = os.getenv("WRK_BODY") or "{}"
elseif mode == "bodies" then
  for line in io.lines(os.getenv("WRK_BODIES")) do
    if line ~= "" then bodies[#bodies + 1] = line end
  end
elseif mode == "batch" then
  for b = 1, 10 do
    local items = {}
    for i = 1, 100 do
      items[i] = '{"operation":"post-natal","body":' .. natal(b * 100 + i) .. '}'
    end
    bodies[b] = '{"requests":[' .. table.concat(items, ",") .. ']}'
  end
elseif mode == "mcp-natal" then
  for i = 1, 50 do bodies[i] = rpc(natal(i)) end
else
  for i = 1, 50 do bodies[i] = natal(i) end
end

local headers = { ["Content-Type"] = "application/json", ["x-api-key"] = key }

-- Each round of bench/run.sh (WRK_ROUND) starts 5,000,000 births further
-- on, so a later round never repeats an earlier one's "new" births.
local k = (tonumber(os.getenv("WRK_ROUND")) or 0) * 5000000
request = function()
  if mode == "natal-unique" then
    k = k + 1
    return wrk.format("POST", path, headers, unique(k))
  elseif mode == "mcp-natal-unique" then
    k = k + 1
    return wrk.format("POST", path, headers, rpc(unique(k)))
  elseif mode == "pair-unique" then
    k = k + 2
    return wrk.format("POST", path, headers, '{"person1":' .. unique(k - 1) .. ',"person2":' .. unique(k) .. '}')
  elseif mode == "batch-unique" then
    local items = {}
    for i = 1, 100 do
      k = k + 1
      items[i] = '{"operation":"post-natal","body":' .. unique(k) .. '}'
    end
    return wrk.format("POST", path, headers, '{"requests":[' .. table.concat(items, ",") .. ']}')
  end
  if mode == "unique" then
    local body = fill(k % 5000000)
    k = k + 1
    return wrk.format("POST", path, headers, body)
  end
  if mode == "get" then
    return wrk.format("GET", path, headers)
  end
  n = n % #bodies + 1
  local b = bodies[n]
  if string.find(b, "{n}", 1, true) then
    k = k + 1
    b = string.gsub(b, "{n}", tostring((thread_id or 0) * 100000000 + k))
  end
  return wrk.format("POST", path, headers, b)
end

-- A response callback makes wrk hand every body to Lua (an 11 KB copy per
-- call: about 5 us of wrk's CPU per call, measured, on the cores the server
-- also needs), so it is defined only when WRK_SHOW_ERRORS is set; wrk
-- counts non-2xx responses either way.
if os.getenv("WRK_SHOW_ERRORS") then
  local errors = 0
  response = function(status, hdrs, body)
    if status ~= 200 then
      errors = errors + 1
      if errors <= 3 then io.stderr:write("non-200: " .. status .. " " .. string.sub(body, 1, 200) .. "\n") end
    end
  end
end
