-- wrk script: POSTs JSON bodies to WRK_PATH with the x-api-key WRK_KEY.
-- WRK_MODE: "natal" (50 different birth data, rotated), "batch" (100 natal
-- items per request), or "file" (the body in WRK_BODY_FILE).
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

if mode == "file" then
  local f = assert(io.open(os.getenv("WRK_BODY_FILE"), "rb"))
  bodies[1] = f:read("*a")
  f:close()
elseif mode == "batch" then
  for b = 1, 10 do
    local items = {}
    for i = 1, 100 do
      items[i] = '{"operation":"post-natal","body":' .. natal(b * 100 + i) .. '}'
    end
    bodies[b] = '{"requests":[' .. table.concat(items, ",") .. ']}'
  end
else
  for i = 1, 50 do bodies[i] = natal(i) end
end

local headers = { ["Content-Type"] = "application/json", ["x-api-key"] = key }

request = function()
  n = n % #bodies + 1
  return wrk.format("POST", path, headers, bodies[n])
end

local errors = 0
response = function(status, hdrs, body)
  if status ~= 200 then
    errors = errors + 1
    if errors <= 3 then io.stderr:write("non-200: " .. status .. " " .. string.sub(body, 1, 200) .. "\n") end
  end
end
