import fs from 'node:fs';

// The browser half of the payment-provider emulator (ARCHITECTURE "payment-provider emulator"),
// as real files in ./browser, served as written (ES5, no build step) under EMULATOR_PREFIX:
// `v3.js` (browser/stripe-elements.js then browser/stripe.js, one script) defines `window.Stripe(key)` with the surface
// @stripe/react-stripe-js and the client call (elements, the payment element as a cross-origin
// iframe, change/ready events, confirmSetup with redirect 'if_required', the 3-D Secure challenge
// as its own frame, and handleNextAction for a charge that requires action). The card fields live
// only in element.html, served from the API origin: the app's page never sees a card number, as
// with the real provider. Both frames load frame.js (their parameters, post, call) first.

const TYPES = {
  js: 'application/javascript; charset=utf-8',
  html: 'text/html; charset=utf-8',
} as const;

/** The served name of each file and the files in ./browser it is made of, in order. */
const SERVED: Readonly<Record<string, readonly string[]>> = {
  'v3.js': ['stripe-elements.js', 'stripe.js'],
  'frame.js': ['frame.js'],
  'element.html': ['element.html'],
  'element.js': ['element.js'],
  'challenge.html': ['challenge.html'],
  'challenge.js': ['challenge.js'],
};

const read = (file: string) =>
  fs.readFileSync(new URL(`./browser/${file}`, import.meta.url), 'utf8');

/** The emulator's browser files by served name, read once when the server starts. */
export const EMULATOR_FILES: ReadonlyMap<string, { type: string; body: string }> = new Map(
  Object.entries(SERVED).map(([name, files]) => [
    name,
    { type: TYPES[name.endsWith('.html') ? 'html' : 'js'], body: files.map(read).join('\n') },
  ]),
);
