// The second half of the provider's browser script as the emulator serves it (GET
// /stripe-emulator/v3.js is stripe-elements.js, then this file): window.Stripe(key) with the
// surface @stripe/react-stripe-js and the client call. ES5, served as written (no build step).
(function () {
  'use strict';
  if (window.Stripe) return;
  var shared = window.__stripeEmulator;
  var base = shared.base;
  var IntegrationError = shared.IntegrationError;
  var Elements = shared.Elements;
  var challenge = shared.challenge;

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
      return Promise.reject(
        IntegrationError('stripe.' + name + ' is not provided by this emulator.'),
      );
    };
  }
  [
    'createToken',
    'createPaymentMethod',
    'confirmCardPayment',
    'confirmPayment',
    'confirmCardSetup',
  ].forEach(function (name) {
    Stripe.prototype[name] = unsupported(name);
  });

  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return fetch(
      base +
        'v1/setup_intents/' +
        encodeURIComponent(intentIdOf(clientSecret)) +
        '?client_secret=' +
        encodeURIComponent(clientSecret),
    ).then(function (r) {
      return r.json();
    });
  };

  function intentIdOf(clientSecret) {
    var at = String(clientSecret).indexOf('_secret_');
    return at > 0 ? clientSecret.slice(0, at) : '';
  }

  Stripe.prototype.confirmSetup = function (params) {
    var stripe = this;
    params = params || {};
    var elements = params.elements;
    if (!elements || !(elements instanceof Elements)) {
      return Promise.reject(
        IntegrationError('Invalid value for confirmSetup: elements should be an Elements group.'),
      );
    }
    var confirmParams = params.confirmParams || {};
    if (params.redirect !== 'if_required' && !confirmParams.return_url) {
      return Promise.reject(
        IntegrationError(
          "stripe.confirmSetup(): the confirmParams.return_url argument is required unless passing redirect: 'if_required'",
        ),
      );
    }
    var element = elements._element;
    if (!element || element._destroyed) {
      return Promise.reject(
        IntegrationError(
          'Invalid value for confirmSetup: elements should have a mounted Payment Element.',
        ),
      );
    }
    var clientSecret = params.clientSecret || elements._options.clientSecret;
    var pmData = confirmParams.payment_method_data || {};
    var fields = (element._options.fields || {}).billingDetails;
    if (fields === 'never' && !('billing_details' in pmData)) {
      return Promise.reject(
        IntegrationError(
          'You specified "never" for fields.billing_details when creating the payment Element, but did not pass confirmParams.payment_method_data.billing_details when calling stripe.confirmSetup().',
        ),
      );
    }
    return element
      ._confirm(clientSecret, pmData.billing_details || null, stripe._key)
      .then(function (answer) {
        if (answer.error || !answer.setup_intent) return { error: answer.error };
        if (answer.setup_intent.status !== 'requires_action')
          return { setupIntent: answer.setup_intent };
        return challenge(answer.setup_intent.id, clientSecret, element._iframe).then(
          function (done) {
            return done.error ? { error: done.error } : { setupIntent: done.setup_intent };
          },
        );
      });
  };

  // A payment intent the server confirmed that needs the holder (requires_action: 3-D Secure on
  // a charge): its challenge frame, then the intent as it ends (stripe-js handleNextAction).
  Stripe.prototype.handleNextAction = function (params) {
    var clientSecret = params && params.clientSecret;
    if (!clientSecret) {
      return Promise.reject(
        IntegrationError('stripe.handleNextAction(): the clientSecret argument is required.'),
      );
    }
    var id = intentIdOf(clientSecret);
    if (id.indexOf('pi_') !== 0) {
      return Promise.reject(
        IntegrationError('stripe.handleNextAction(): this emulator handles payment intents only.'),
      );
    }
    return fetch(
      base +
        'v1/payment_intents/' +
        encodeURIComponent(id) +
        '?client_secret=' +
        encodeURIComponent(clientSecret),
    )
      .then(function (r) {
        return r.json();
      })
      .then(
        function (answer) {
          if (answer.error || !answer.payment_intent) return { error: answer.error };
          if (answer.payment_intent.status !== 'requires_action')
            return { paymentIntent: answer.payment_intent };
          return challenge(id, clientSecret, null, 'payment_intents').then(function (done) {
            return done.error ? { error: done.error } : { paymentIntent: done.payment_intent };
          });
        },
        function () {
          return {
            error: {
              type: 'api_connection_error',
              message: 'We could not reach the payment provider. Try again.',
            },
          };
        },
      );
  };

  window.Stripe = Stripe;
})();
