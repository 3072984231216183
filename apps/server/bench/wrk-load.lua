-- wrk's script for `npm run bench` (support.ts): headers come from -H; with
-- BENCH_FILE_SIZE and BENCH_RANGE_BYTES set, each request asks for a random
-- range of that many bytes; at the end one line of JSON for the bench to read
-- (totals, latency percentiles, and wrk's own CPU time).
local size = tonumber(os.getenv("BENCH_FILE_SIZE") or "0")
local length = tonumber(os.getenv("BENCH_RANGE_BYTES") or "0")

function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

if size > 0 and length > 0 then
  request = function()
    local start = math.random(0, size - length)
    wrk.headers["Range"] = "bytes=" .. start .. "-" .. (start + length - 1)
    return wrk.format()
  end
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"bytes":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d,"cpuSeconds":%.3f}\n',
    summary.requests, summary.bytes, summary.duration,
    errors.connect + errors.read + errors.write + errors.status + errors.timeout,
    latency:percentile(50), latency:percentile(99),
    -- CPU time of the whole wrk process so far: how busy the loader itself was.
    os.clock()))
end
