// The first half of the provider's browser script as the emulator serves it (GET
// /stripe-emulator/v3.js is this file, then stripe.js): the frames the script opens on the API
// origin (the Payment Element's card frame, the 3-D Secure challenge) and the Elements group.
// It hands stripe.js what it needs in window.__stripeEmulator. ES5, served as written.
(function () {
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
    this._handlers[event] = handler
      ? list.filter(function (h) {
          return h !== handler;
        })
      : [];
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
      window: function () {
        return self._iframe && self._iframe.contentWindow;
      },
      receive: function (data) {
        self._receive(data);
      },
    };
  }
  PaymentElement.prototype = Object.create(Emitter.prototype);
  PaymentElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node)
      throw IntegrationError(
        'The selector you specified (' + target + ') applies to no DOM elements.',
      );
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
        resolve({
          error: { type: 'invalid_request_error', message: 'The Payment Element is not mounted.' },
        });
      }
    });
  };
  PaymentElement.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  PaymentElement.prototype.focus = function () {
    this._post({ type: 'focus' });
  };
  PaymentElement.prototype.blur = function () {
    this._post({ type: 'blur' });
  };
  PaymentElement.prototype.clear = function () {
    this._post({ type: 'clear' });
  };
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
    if (type !== 'payment')
      throw IntegrationError(
        'This emulator provides only the Payment Element, not "' + type + '".',
      );
    if (this._element) throw IntegrationError('Can only create one Element of type payment.');
    if (!this._options.clientSecret && !this._options.mode) {
      throw IntegrationError(
        'In order to create a payment element, you must pass a valid PaymentIntent or SetupIntent client secret when creating the Elements group.',
      );
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
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var element = this._element;
    if (!element || !element._complete) {
      return Promise.resolve({
        error: { type: 'validation_error', message: 'Your card number is incomplete.' },
      });
    }
    return Promise.resolve({});
  };

  // The 3-D Secure challenge: its own frame over the page, answered by the card holder. Inside
  // the modal <dialog> holding the element when there is one (the rest of the page is inert).
  function challenge(intentId, clientSecret, anchor, kind) {
    return new Promise(function (resolve) {
      var id = 'ch' + nextFrame++;
      var overlay = document.createElement('div');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,0.5);display:flex;align-items:center;justify-content:center;';
      var iframe = document.createElement('iframe');
      iframe.title = '3D Secure authentication';
      iframe.name = '__privateStripeChallenge' + id;
      iframe.style.cssText =
        'border:0;width:min(420px,92vw);height:360px;background:#fff;border-radius:8px;';
      iframe.src = frameUrl('challenge.html', {
        frame: id,
        origin: location.origin,
        intent: intentId,
        kind: kind || 'setup_intents',
        clientSecret: clientSecret,
      });
      frames[id] = {
        window: function () {
          return iframe.contentWindow;
        },
        receive: function (data) {
          if (data.type !== 'challenged') return;
          delete frames[id];
          overlay.remove();
          resolve(data.answer);
        },
      };
      overlay.appendChild(iframe);
      var dialogs = document.querySelectorAll('dialog[open]');
      (
        (anchor && anchor.closest('dialog')) ||
        dialogs[dialogs.length - 1] ||
        document.body
      ).appendChild(overlay);
    });
  }

  window.__stripeEmulator = {
    base: base,
    IntegrationError: IntegrationError,
    Elements: Elements,
    challenge: challenge,
  };
})();
