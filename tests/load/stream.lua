-- One stream of `npm run load` for wrk -t1 (tests/load/run.ts writes the
-- table LOAD above this text):
--
--   LOAD.deadline     Unix second from which no new request starts. Once every
--                     request sent has its answer, the thread stops and writes
--                     LOAD.doneFile, and run.ts ends wrk (SIGINT): no request
--                     is cut off in flight. wrk's -d is only an upper bound.
--   LOAD.pages        teachers: { { path, cookie }, ... }, requested in turn.
--   LOAD.tokens       students: their tokens, LOAD.classSize per class, in order.
--   LOAD.assignments  students: per class, its assignment ids in survey order.
--   LOAD.bodies       students: per survey, a valid submission body (JSON).
--   LOAD.web          web students: { cookies = {...}, assignments = { per student, ids },
--                     forms = { per survey, a form body } }: answering-form posts
--                     (302 is success). Round after round, each (student, survey)
--                     pair again: a later send replaces the earlier response.
--
-- Student request k submits student k mod #tokens to their class's survey
-- number k div #tokens (+1), so no (student, assignment) pair comes twice and
-- every successful submission must leave one new response in the database.
-- The counters are globals so done() can read them from the thread.

requested, answered, ok, exhausted = 0, 0, 0, false
statuses = {}

local pages = {}
local capacity = math.huge
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for i, page in ipairs(LOAD.pages or {}) do
    pages[i] = wrk.format("GET", page.path, { Cookie = page.cookie })
  end
  if LOAD.tokens then capacity = #LOAD.tokens * #LOAD.bodies end
end

local function webRequest(k)
  local web = LOAD.web
  local student = k % #web.cookies
  local survey = math.floor(k / #web.cookies) % #web.forms + 1
  local body = web.forms[survey] .. "&formToken=loadform" .. string.format("%012d", k)
  return wrk.format("POST", "/student/assignments/" .. web.assignments[student + 1][survey], {
    ["Cookie"] = web.cookies[student + 1],
    ["Origin"] = web.origin,
    ["Content-Type"] = "application/x-www-form-urlencoded",
  }, body)
end

local function stopWhenAllAnswered()
  if (exhausted or os.time() >= LOAD.deadline) and answered == requested - 1 then
    io.open(LOAD.doneFile, "w"):close()
    wrk.thread:stop()
  end
end

function delay()
  if requested >= capacity then exhausted = true end
  if exhausted or os.time() >= LOAD.deadline then
    stopWhenAllAnswered()
    return 3600 * 1000
  end
  return 0
end

-- wrk calls request() once before the run to check its format: that first
-- request is never sent (run.ts subtracts it).
function request()
  requested = requested + 1
  local k = requested - 1
  if #pages > 0 then return pages[k % #pages + 1] end
  if LOAD.web then return webRequest(k) end
  local student = k % #LOAD.tokens
  local survey = math.floor(k / #LOAD.tokens) + 1
  local class = math.floor(student / LOAD.classSize) + 1
  return wrk.format("POST", "/api/student/v1/assignments/" .. LOAD.assignments[class][survey] .. "/responses", {
    ["Authorization"] = "Bearer " .. LOAD.tokens[student + 1],
    ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = "load-" .. k,
  }, LOAD.bodies[survey])
end

function response(status, headers, body)
  answered = answered + 1
  if status == (LOAD.okStatus or 200) then
    ok = ok + 1
  else
    statuses[status] = (statuses[status] or 0) + 1
  end
  stopWhenAllAnswered()
end

function done(summary, latency, requests)
  local t = threads[1]
  local other = {}
  for status, count in pairs(t:get("statuses")) do
    table.insert(other, string.format('"%d":%d', status, count))
  end
  local e = summary.errors
  io.write(string.format(
    'LOAD_RESULT {"sent":%d,"answered":%d,"ok":%d,"exhausted":%s,"statuses":{%s},' ..
      '"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p99":%d}\n',
    t:get("requested") - 1, t:get("answered"), t:get("ok"), tostring(t:get("exhausted")), table.concat(other, ","),
    e.connect, e.read, e.write, e.timeout, latency:percentile(50), latency:percentile(99)
  ))
end
