// autocannon setupRequest (a file, as worker threads need): each request asks
// for a random range of BENCH_RANGE_BYTES within a file of BENCH_FILE_SIZE bytes.
const size = Number(process.env.BENCH_FILE_SIZE);
const length = Number(process.env.BENCH_RANGE_BYTES);

module.exports = function setupRequest(request) {
  const start = Math.floor(Math.random() * (size - length));
  request.headers = { ...request.headers, range: `bytes=${start}-${start + length - 1}` };
  return request;
};
