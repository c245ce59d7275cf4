// What both emulator frames (element.html, challenge.html) share: their parameters (from the
// URL's hash), a message to the page that opened them, and a call to the emulator's API. ES5.
window.emulatorFrame = (function () {
  'use strict';

  var params = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  function post(message) {
    message.frame = params.frame;
    parent.postMessage(message, params.origin);
  }
  function call(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (r) {
        return r.json();
      })
      .catch(function () {
        return {
          error: {
            type: 'api_connection_error',
            message: 'We could not reach the payment provider. Try again.',
          },
        };
      });
  }
  return { params: params, post: post, call: call };
})();
