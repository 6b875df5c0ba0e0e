// Starts the requests every page of the app waits for — the signed-in user, and on a job page the job, and on the
// summary and insights pages (opened without a query: Overall slice, first view) their first result — while the
// app's modules download and parse. api/client.ts takes each response over once (GET, same URL), before any write;
// boot.test.ts checks these URLs against the ones the app asks for.
(function () {
  var get = function (url) {
    return fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(function () {
      return null;
    });
  };
  var boot = { '/api/v1/auth/me': get('/api/v1/auth/me') };
  var job = /^\/jobs\/([0-9a-f-]{36})(\/(summary|insights)\/?$|\/|$)/.exec(location.pathname);
  if (job) {
    var base = '/api/v1/jobs/' + job[1];
    var results = { summary: '/results/summary', insights: '/results/views/country' }[job[3]];
    boot[base] = get(base);
    if (results && !location.search) {
      var url = base + results + '?slicer=Overall&slicerValue=ALL';
      boot[url] = get(url);
    }
  }
  window.__sextantBoot = boot;
})();
