// The emulator's 3-D Secure frame (challenge.html); frame.js gives it params, post and call. ES5.
(function () {
  'use strict';
  var params = window.emulatorFrame.params;
  var post = window.emulatorFrame.post;
  var call = window.emulatorFrame.call;
  function answer(approve) {
    document.getElementById('fail').disabled = true;
    document.getElementById('complete').disabled = true;
    var kind = params.kind === 'payment_intents' ? 'payment_intents' : 'setup_intents';
    call('v1/' + kind + '/' + encodeURIComponent(params.intent) + '/authenticate', {
      client_secret: params.clientSecret,
      approve: approve,
    }).then(function (result) {
      post({ type: 'challenged', answer: result });
    });
  }
  document.getElementById('fail').addEventListener('click', function () {
    answer(false);
  });
  document.getElementById('complete').addEventListener('click', function () {
    answer(true);
  });
  document.getElementById('complete').focus();
})();
