// The emulator's card frame (element.html); frame.js gives it params, post and call. ES5.
(function () {
  'use strict';
  var params = window.emulatorFrame.params;
  var post = window.emulatorFrame.post;
  var call = window.emulatorFrame.call;
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var errorBox = document.getElementById('error');
  var digits = function (value) {
    return value.replace(/\D/g, '');
  };

  function luhn(value) {
    if (!/^\d{12,19}$/.test(value)) return false;
    var sum = 0;
    for (var i = 0; i < value.length; i++) {
      var d = Number(value[value.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function expiryParts() {
    var d = digits(expiry.value);
    return d.length === 4
      ? { month: Number(d.slice(0, 2)), year: 2000 + Number(d.slice(2)) }
      : null;
  }
  function problems() {
    var n = digits(number.value);
    var e = expiryParts();
    var now = new Date();
    return {
      number:
        n.length === 0
          ? null
          : n.length < 16
            ? 'Your card number is incomplete.'
            : luhn(n)
              ? null
              : 'Your card number is invalid.',
      expiry:
        digits(expiry.value).length === 0
          ? null
          : !e
            ? "Your card's expiration date is incomplete."
            : e.month < 1 || e.month > 12
              ? "Your card's expiration date is invalid."
              : e.year < now.getFullYear() ||
                  (e.year === now.getFullYear() && e.month < now.getMonth() + 1)
                ? "Your card's expiration year is in the past."
                : null,
      cvc:
        cvc.value.length === 0
          ? null
          : /^\d{3,4}$/.test(cvc.value)
            ? null
            : "Your card's security code is incomplete.",
    };
  }
  function complete() {
    var p = problems();
    return (
      luhn(digits(number.value)) &&
      expiryParts() !== null &&
      !p.expiry &&
      /^\d{3,4}$/.test(cvc.value)
    );
  }
  function showErrors(onlyFinished) {
    var p = problems();
    var message = '';
    [
      ['number', number],
      ['expiry', expiry],
      ['cvc', cvc],
    ].forEach(function (pair) {
      var bad = Boolean(p[pair[0]]) && (!onlyFinished || pair[1] !== document.activeElement);
      pair[1].setAttribute('aria-invalid', bad ? 'true' : 'false');
      if (bad && !message) message = p[pair[0]];
    });
    errorBox.textContent = message;
    resize();
  }
  function changed() {
    var empty = !number.value && !expiry.value && !cvc.value;
    post({ type: 'change', complete: complete(), empty: empty });
  }
  function resize() {
    post({ type: 'resize', height: document.documentElement.scrollHeight });
  }
  number.addEventListener('input', function () {
    var d = digits(number.value).slice(0, 19);
    number.value = d.replace(/(\d{4})(?=\d)/g, '$1 ');
    changed();
  });
  expiry.addEventListener('input', function () {
    var d = digits(expiry.value).slice(0, 4);
    expiry.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    changed();
  });
  cvc.addEventListener('input', function () {
    cvc.value = digits(cvc.value).slice(0, 4);
    changed();
  });
  [number, expiry, cvc].forEach(function (input) {
    input.addEventListener('blur', function () {
      showErrors(true);
      post({ type: 'blur' });
    });
    input.addEventListener('focus', function () {
      post({ type: 'focus' });
    });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') post({ type: 'escape' });
    });
  });
  document.querySelector('form').addEventListener('submit', function (event) {
    event.preventDefault();
  });

  window.addEventListener('message', function (event) {
    if (event.origin !== params.origin || event.source !== parent || !event.data) return;
    var data = event.data;
    if (data.type === 'focus') number.focus();
    if (data.type === 'blur' && document.activeElement) document.activeElement.blur();
    if (data.type === 'clear') {
      number.value = '';
      expiry.value = '';
      cvc.value = '';
      showErrors(false);
      changed();
    }
    if (data.type === 'confirm') {
      var e = expiryParts() || { month: 0, year: 0 };
      var at = String(data.clientSecret).indexOf('_secret_');
      var id = at > 0 ? data.clientSecret.slice(0, at) : 'missing';
      call('v1/setup_intents/' + encodeURIComponent(id) + '/confirm', {
        client_secret: data.clientSecret,
        key: data.key,
        card: {
          number: digits(number.value),
          exp_month: e.month,
          exp_year: e.year,
          cvc: cvc.value,
        },
        billing_details: data.billingDetails,
      }).then(function (answer) {
        if (answer.error) {
          errorBox.textContent = answer.error.message;
          resize();
        }
        post({ type: 'confirmed', request: data.request, answer: answer });
      });
    }
  });
  document.documentElement.lang = params.locale && params.locale !== 'auto' ? params.locale : 'en';
  post({ type: 'ready' });
  resize();
})();
