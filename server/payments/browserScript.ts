// The browser half of the payment-provider emulator (ARCHITECTURE "payment-provider emulator"):
// `STRIPE_JS` defines `window.Stripe(key)` with the surface @stripe/react-stripe-js and the
// client call (elements, the payment element as a cross-origin iframe, change/ready events,
// confirmSetup with redirect 'if_required', the 3-D Secure challenge as its own frame, and
// handleNextAction for a charge that requires action).
// The card fields live only in ELEMENT_HTML, served from the API origin: the app's page never
// sees a card number, as with the real provider. Plain ES5 strings: served as written.

export const STRIPE_JS = String.raw`(function () {
  'use strict';
  if (window.Stripe) return;
  var current = document.currentScript;
  var base = new URL('.', current ? current.src : location.href).href;
  var frameOrigin = new URL(base).origin;
  var nextFrame = 1;
  var nextRequest = 1;

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function Emitter() {
    this._handlers = {};
  }
  Emitter.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Emitter.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  Emitter.prototype.once = function (event, handler) {
    var self = this;
    function wrapped(payload) {
      self.off(event, wrapped);
      handler(payload);
    }
    return this.on(event, wrapped);
  };
  Emitter.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  function frameUrl(page, params) {
    return base + page + '#' + encodeURIComponent(JSON.stringify(params));
  }

  // One listener for every frame: messages only from our frames' origin and window.
  var frames = {};
  window.addEventListener('message', function (event) {
    if (event.origin !== frameOrigin || !event.data || typeof event.data !== 'object') return;
    var target = frames[event.data.frame];
    if (!target || event.source !== target.window()) return;
    target.receive(event.data);
  });

  function PaymentElement(elements, options) {
    Emitter.call(this);
    this._elements = elements;
    this._options = options || {};
    this._id = 'pe' + nextFrame++;
    this._iframe = null;
    this._complete = false;
    this._pending = {};
    var self = this;
    frames[this._id] = {
      window: function () { return self._iframe && self._iframe.contentWindow; },
      receive: function (data) { self._receive(data); },
    };
  }
  PaymentElement.prototype = Object.create(Emitter.prototype);
  PaymentElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw IntegrationError('The selector you specified (' + target + ') applies to no DOM elements.');
    if (this._iframe) throw IntegrationError('This Element is already mounted.');
    var iframe = document.createElement('iframe');
    iframe.title = 'Secure payment input frame';
    iframe.name = '__privateStripeFrame' + this._id;
    iframe.setAttribute('allowtransparency', 'true');
    iframe.style.cssText = 'border:0;width:100%;height:190px;display:block;overflow:hidden;';
    iframe.src = frameUrl('element.html', {
      frame: this._id,
      origin: location.origin,
      locale: this._elements._options.locale || 'auto',
    });
    node.appendChild(iframe);
    this._iframe = iframe;
  };
  PaymentElement.prototype._post = function (message) {
    if (!this._iframe || !this._iframe.contentWindow) return false;
    message.frame = this._id;
    this._iframe.contentWindow.postMessage(message, frameOrigin);
    return true;
  };
  PaymentElement.prototype._receive = function (data) {
    switch (data.type) {
      case 'ready':
        this._emit('ready', { elementType: 'payment' });
        break;
      case 'resize':
        if (this._iframe) this._iframe.style.height = Math.ceil(data.height) + 'px';
        break;
      case 'change':
        this._complete = Boolean(data.complete);
        this._emit('change', {
          elementType: 'payment',
          complete: this._complete,
          empty: Boolean(data.empty),
          collapsed: false,
          value: { type: 'card' },
        });
        break;
      case 'focus':
      case 'blur':
        this._emit(data.type, { elementType: 'payment' });
        break;
      case 'escape':
        this._emit('escape', { elementType: 'payment' });
        break;
      case 'confirmed':
        var resolve = this._pending[data.request];
        delete this._pending[data.request];
        if (resolve) resolve(data.answer);
        break;
    }
  };
  PaymentElement.prototype._confirm = function (clientSecret, billingDetails, key) {
    var self = this;
    return new Promise(function (resolve) {
      var request = nextRequest++;
      self._pending[request] = resolve;
      var sent = self._post({
        type: 'confirm',
        request: request,
        clientSecret: clientSecret,
        billingDetails: billingDetails,
        key: key,
      });
      if (!sent) {
        delete self._pending[request];
        resolve({ error: { type: 'invalid_request_error', message: 'The Payment Element is not mounted.' } });
      }
    });
  };
  PaymentElement.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  PaymentElement.prototype.focus = function () { this._post({ type: 'focus' }); };
  PaymentElement.prototype.blur = function () { this._post({ type: 'blur' }); };
  PaymentElement.prototype.clear = function () { this._post({ type: 'clear' }); };
  PaymentElement.prototype.collapse = function () {};
  PaymentElement.prototype.unmount = function () {
    if (this._iframe && this._iframe.parentNode) this._iframe.parentNode.removeChild(this._iframe);
    this._iframe = null;
  };
  PaymentElement.prototype.destroy = function () {
    this.unmount();
    delete frames[this._id];
    this._handlers = {};
    this._elements._element = null;
    this._destroyed = true;
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._element = null;
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'payment') throw IntegrationError('This emulator provides only the Payment Element, not "' + type + '".');
    if (this._element) throw IntegrationError('Can only create one Element of type payment.');
    if (!this._options.clientSecret && !this._options.mode) {
      throw IntegrationError('In order to create a payment element, you must pass a valid PaymentIntent or SetupIntent client secret when creating the Elements group.');
    }
    this._element = new PaymentElement(this, options);
    return this._element;
  };
  Elements.prototype.getElement = function (type) {
    return type === 'payment' ? this._element : null;
  };
  Elements.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () {
    var element = this._element;
    if (!element || !element._complete) {
      return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    }
    return Promise.resolve({});
  };

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) {
      throw IntegrationError('Invalid API Key provided: ' + key);
    }
    this._key = key;
    this._options = options || {};
  }
  // @stripe/stripe-js compares this with the release it expects.
  Stripe.version = 'endive';
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  function unsupported(name) {
    return function () {
      return Promise.reject(IntegrationError('stripe.' + name + ' is not provided by this emulator.'));
    };
  }
  ['createToken', 'createPaymentMethod', 'confirmCardPayment', 'confirmPayment', 'confirmCardSetup'].forEach(function (name) {
    Stripe.prototype[name] = unsupported(name);
  });

  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return fetch(base + 'v1/setup_intents/' + encodeURIComponent(intentIdOf(clientSecret)) + '?client_secret=' + encodeURIComponent(clientSecret))
      .then(function (r) { return r.json(); });
  };

  function intentIdOf(clientSecret) {
    var at = String(clientSecret).indexOf('_secret_');
    return at > 0 ? clientSecret.slice(0, at) : '';
  }

  // The 3-D Secure challenge: its own frame over the page, answered by the card holder. Inside
  // the modal <dialog> holding the element when there is one (the rest of the page is inert).
  function challenge(intentId, clientSecret, anchor, kind) {
    return new Promise(function (resolve) {
      var id = 'ch' + nextFrame++;
      var overlay = document.createElement('div');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,0.5);display:flex;align-items:center;justify-content:center;';
      var iframe = document.createElement('iframe');
      iframe.title = '3D Secure authentication';
      iframe.name = '__privateStripeChallenge' + id;
      iframe.style.cssText = 'border:0;width:min(420px,92vw);height:360px;background:#fff;border-radius:8px;';
      iframe.src = frameUrl('challenge.html', {
        frame: id,
        origin: location.origin,
        intent: intentId,
        kind: kind || 'setup_intents',
        clientSecret: clientSecret,
      });
      frames[id] = {
        window: function () { return iframe.contentWindow; },
        receive: function (data) {
          if (data.type !== 'challenged') return;
          delete frames[id];
          overlay.remove();
          resolve(data.answer);
        },
      };
      overlay.appendChild(iframe);
      var dialogs = document.querySelectorAll('dialog[open]');
      ((anchor && anchor.closest('dialog')) || dialogs[dialogs.length - 1] || document.body).appendChild(overlay);
    });
  }

  Stripe.prototype.confirmSetup = function (params) {
    var stripe = this;
    params = params || {};
    var elements = params.elements;
    if (!elements || !(elements instanceof Elements)) {
      return Promise.reject(IntegrationError('Invalid value for confirmSetup: elements should be an Elements group.'));
    }
    var confirmParams = params.confirmParams || {};
    if (params.redirect !== 'if_required' && !confirmParams.return_url) {
      return Promise.reject(IntegrationError('stripe.confirmSetup(): the confirmParams.return_url argument is required unless passing redirect: \'if_required\''));
    }
    var element = elements._element;
    if (!element || element._destroyed) {
      return Promise.reject(IntegrationError('Invalid value for confirmSetup: elements should have a mounted Payment Element.'));
    }
    var clientSecret = params.clientSecret || elements._options.clientSecret;
    var pmData = confirmParams.payment_method_data || {};
    var fields = (element._options.fields || {}).billingDetails;
    if (fields === 'never' && !('billing_details' in pmData)) {
      return Promise.reject(IntegrationError('You specified "never" for fields.billing_details when creating the payment Element, but did not pass confirmParams.payment_method_data.billing_details when calling stripe.confirmSetup().'));
    }
    return element._confirm(clientSecret, pmData.billing_details || null, stripe._key).then(function (answer) {
      if (answer.error || !answer.setup_intent) return { error: answer.error };
      if (answer.setup_intent.status !== 'requires_action') return { setupIntent: answer.setup_intent };
      return challenge(answer.setup_intent.id, clientSecret, element._iframe).then(function (done) {
        return done.error ? { error: done.error } : { setupIntent: done.setup_intent };
      });
    });
  };

  // A payment intent the server confirmed that needs the holder (requires_action: 3-D Secure on
  // a charge): its challenge frame, then the intent as it ends (stripe-js handleNextAction).
  Stripe.prototype.handleNextAction = function (params) {
    var clientSecret = params && params.clientSecret;
    if (!clientSecret) {
      return Promise.reject(IntegrationError('stripe.handleNextAction(): the clientSecret argument is required.'));
    }
    var id = intentIdOf(clientSecret);
    if (id.indexOf('pi_') !== 0) {
      return Promise.reject(IntegrationError('stripe.handleNextAction(): this emulator handles payment intents only.'));
    }
    return fetch(base + 'v1/payment_intents/' + encodeURIComponent(id) + '?client_secret=' + encodeURIComponent(clientSecret))
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        if (answer.error || !answer.payment_intent) return { error: answer.error };
        if (answer.payment_intent.status !== 'requires_action') return { paymentIntent: answer.payment_intent };
        return challenge(id, clientSecret, null, 'payment_intents').then(function (done) {
          return done.error ? { error: done.error } : { paymentIntent: done.payment_intent };
        });
      }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach the payment provider. Try again.' } };
      });
  };

  window.Stripe = Stripe;
})();
`;

const FRAME_COMMON = String.raw`
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
    }).then(function (r) { return r.json(); }).catch(function () {
      return { error: { type: 'api_connection_error', message: 'We could not reach the payment provider. Try again.' } };
    });
  }
`;

export const ELEMENT_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Card details</title>
<style>
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: #1a1a1a; background: transparent; }
  form { display: grid; grid-template-columns: 1fr 1fr; gap: 10px 12px; padding: 2px; }
  .full { grid-column: 1 / -1; }
  label { display: block; font-size: 13px; margin-bottom: 4px; color: #30313d; }
  input { box-sizing: border-box; width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #8a8d99; border-radius: 6px; background: #fff; color: #1a1a1a; }
  input:focus { outline: 2px solid #0b5cad; outline-offset: 1px; }
  input[aria-invalid="true"] { border-color: #b3261e; }
  .error { grid-column: 1 / -1; color: #b3261e; font-size: 13px; min-height: 18px; margin: 0; }
</style>
</head>
<body>
<form novalidate>
  <div class="full">
    <label for="number">Card number</label>
    <input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23">
  </div>
  <div>
    <label for="expiry">Expiration date</label>
    <input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7">
  </div>
  <div>
    <label for="cvc">Security code</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4">
  </div>
  <p class="error" id="error" role="alert"></p>
</form>
<script>
(function () {
  'use strict';
  ${FRAME_COMMON}
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var errorBox = document.getElementById('error');
  var digits = function (value) { return value.replace(/\D/g, ''); };

  function luhn(value) {
    if (!/^\d{12,19}$/.test(value)) return false;
    var sum = 0;
    for (var i = 0; i < value.length; i++) {
      var d = Number(value[value.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function expiryParts() {
    var d = digits(expiry.value);
    return d.length === 4 ? { month: Number(d.slice(0, 2)), year: 2000 + Number(d.slice(2)) } : null;
  }
  function problems() {
    var n = digits(number.value);
    var e = expiryParts();
    var now = new Date();
    return {
      number: n.length === 0 ? null : n.length < 16 ? 'Your card number is incomplete.' : luhn(n) ? null : 'Your card number is invalid.',
      expiry: digits(expiry.value).length === 0 ? null : !e ? 'Your card\'s expiration date is incomplete.' : e.month < 1 || e.month > 12 ? 'Your card\'s expiration date is invalid.' : e.year < now.getFullYear() || (e.year === now.getFullYear() && e.month < now.getMonth() + 1) ? 'Your card\'s expiration year is in the past.' : null,
      cvc: cvc.value.length === 0 ? null : /^\d{3,4}$/.test(cvc.value) ? null : 'Your card\'s security code is incomplete.',
    };
  }
  function complete() {
    var p = problems();
    return luhn(digits(number.value)) && expiryParts() !== null && !p.expiry && /^\d{3,4}$/.test(cvc.value);
  }
  function showErrors(onlyFinished) {
    var p = problems();
    var message = '';
    [['number', number], ['expiry', expiry], ['cvc', cvc]].forEach(function (pair) {
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
    input.addEventListener('blur', function () { showErrors(true); post({ type: 'blur' }); });
    input.addEventListener('focus', function () { post({ type: 'focus' }); });
    input.addEventListener('keydown', function (event) { if (event.key === 'Escape') post({ type: 'escape' }); });
  });
  document.querySelector('form').addEventListener('submit', function (event) { event.preventDefault(); });

  window.addEventListener('message', function (event) {
    if (event.origin !== params.origin || event.source !== parent || !event.data) return;
    var data = event.data;
    if (data.type === 'focus') number.focus();
    if (data.type === 'blur') document.activeElement && document.activeElement.blur();
    if (data.type === 'clear') { number.value = ''; expiry.value = ''; cvc.value = ''; showErrors(false); changed(); }
    if (data.type === 'confirm') {
      var e = expiryParts() || { month: 0, year: 0 };
      var at = String(data.clientSecret).indexOf('_secret_');
      var id = at > 0 ? data.clientSecret.slice(0, at) : 'missing';
      call('v1/setup_intents/' + encodeURIComponent(id) + '/confirm', {
        client_secret: data.clientSecret,
        key: data.key,
        card: { number: digits(number.value), exp_month: e.month, exp_year: e.year, cvc: cvc.value },
        billing_details: data.billingDetails,
      }).then(function (answer) {
        if (answer.error) { errorBox.textContent = answer.error.message; resize(); }
        post({ type: 'confirmed', request: data.request, answer: answer });
      });
    }
  });
  document.documentElement.lang = params.locale && params.locale !== 'auto' ? params.locale : 'en';
  post({ type: 'ready' });
  resize();
})();
</script>
</body>
</html>
`;

export const CHALLENGE_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>3D Secure authentication</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; }
  main { padding: 24px; }
  h1 { font-size: 18px; margin: 0 0 12px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { font: inherit; padding: 10px 18px; border-radius: 6px; border: 1px solid #30313d; background: #fff; color: #1a1a1a; cursor: pointer; }
  button.primary { background: #0b5cad; border-color: #0b5cad; color: #fff; }
</style>
</head>
<body>
<main>
  <h1>3D Secure test payment page</h1>
  <p>This is a test authentication page. In live mode, your bank would ask you to confirm this card here.</p>
  <div class="actions">
    <button type="button" id="fail">Fail authentication</button>
    <button type="button" id="complete" class="primary">Complete authentication</button>
  </div>
</main>
<script>
(function () {
  'use strict';
  ${FRAME_COMMON}
  function answer(approve) {
    document.getElementById('fail').disabled = true;
    document.getElementById('complete').disabled = true;
    var kind = params.kind === 'payment_intents' ? 'payment_intents' : 'setup_intents';
    call('v1/' + kind + '/' + encodeURIComponent(params.intent) + '/authenticate', {
      client_secret: params.clientSecret,
      approve: approve,
    }).then(function (result) { post({ type: 'challenged', answer: result }); });
  }
  document.getElementById('fail').addEventListener('click', function () { answer(false); });
  document.getElementById('complete').addEventListener('click', function () { answer(true); });
  document.getElementById('complete').focus();
})();
</script>
</body>
</html>
`;
