/** Where the emulator's browser script and frames are served on the API listener. */
export const EMULATOR_PREFIX = '/stripe-emulator/';
