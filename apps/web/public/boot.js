// Starts the requests every page of the app waits for — the signed-in user, and on a job page the job — while the
// app's modules download and parse. api/client.ts takes each response over once (GET, same URL), before any write.
(function () {
  var get = function (url) {
    return fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(function () {
      return null;
    });
  };
  var boot = { '/api/v1/auth/me': get('/api/v1/auth/me') };
  var job = /^\/jobs\/([0-9a-f-]{36})(\/|$)/.exec(location.pathname);
  if (job) boot['/api/v1/jobs/' + job[1]] = get('/api/v1/jobs/' + job[1]);
  window.__sextantBoot = boot;
})();
