/** The identity-provider emulator's login page, in the four app languages (SPEC §3). */

interface PageTexts {
  lang: string;
  title: string;
  intro: string;
  email: string;
  password: string;
  submit: string;
  wrongPassword: string;
  invalidRequest: string;
  /** Issue 23 login throttle: how long until the next attempt, in whole minutes. */
  tooManyAttempts: (minutes: number) => string;
}

const TEXTS: Record<'en' | 'nb' | 'sv' | 'bg', PageTexts> = {
  en: {
    lang: 'en',
    title: 'Sign in',
    intro: 'Sign in with your email address and password.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    wrongPassword: 'Wrong email or password',
    invalidRequest: 'This sign-in link is invalid or has expired. Please start again.',
    tooManyAttempts: (n) =>
      `Too many sign-in attempts. Try again in ${n === 1 ? '1 minute' : `${n} minutes`}.`,
  },
  nb: {
    lang: 'nb',
    title: 'Logg inn',
    intro: 'Logg inn med e-postadressen og passordet ditt.',
    email: 'E-post',
    password: 'Passord',
    submit: 'Logg inn',
    wrongPassword: 'Feil e-post eller passord',
    invalidRequest: 'Denne innloggingslenken er ugyldig eller utløpt. Start på nytt.',
    tooManyAttempts: (n) =>
      `For mange innloggingsforsøk. Prøv igjen om ${n === 1 ? '1 minutt' : `${n} minutter`}.`,
  },
  sv: {
    lang: 'sv',
    title: 'Logga in',
    intro: 'Logga in med din e-postadress och ditt lösenord.',
    email: 'E-post',
    password: 'Lösenord',
    submit: 'Logga in',
    wrongPassword: 'Fel e-postadress eller lösenord',
    invalidRequest: 'Den här inloggningslänken är ogiltig eller har gått ut. Börja om.',
    tooManyAttempts: (n) =>
      `För många inloggningsförsök. Försök igen om ${n === 1 ? '1 minut' : `${n} minuter`}.`,
  },
  bg: {
    lang: 'bg',
    title: 'Вход',
    intro: 'Влезте с вашия имейл адрес и парола.',
    email: 'Имейл',
    password: 'Парола',
    submit: 'Вход',
    wrongPassword: 'Грешен имейл или парола',
    invalidRequest: 'Тази връзка за вход е невалидна или е изтекла. Моля, започнете отначало.',
    tooManyAttempts: (n) =>
      `Твърде много опити за вход. Опитайте отново след ${n === 1 ? '1 минута' : `${n} минути`}.`,
  },
};

/** ui_locales may be "nb_NO", "nb-NO", "no", or a space-separated list; the first known wins. */
export function textsFor(uiLocales: string | undefined): PageTexts {
  for (const tag of (uiLocales ?? '').toLowerCase().split(/[\s,]+/)) {
    const language = tag.split(/[-_]/)[0];
    if (language === 'nb' || language === 'no' || language === 'nn') return TEXTS.nb;
    if (language === 'sv' || language === 'bg' || language === 'en') return TEXTS[language];
  }
  return TEXTS.en;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const LOGIN_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;
min-height:100vh;align-items:center;justify-content:center}main{background:#fff;padding:32px;
border-radius:12px;box-shadow:0 2px 12px #0002;width:min(360px,90vw)}h1{margin:0 0 8px;
font-size:24px}label{display:block;margin:16px 0 4px;font-weight:600}input{width:100%;
box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #bbb;border-radius:6px}
button{margin-top:24px;width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;
background:#0b5cd5;color:#fff;cursor:pointer}.error{color:#b00020;margin-top:12px}`;

export interface LoginPageInput {
  uiLocales: string | undefined;
  /** The authorize parameters, carried through the form in hidden fields. */
  params: Record<string, string | undefined>;
  email?: string;
  error?: 'wrongPassword' | 'invalidRequest' | 'tooManyAttempts';
  /** With tooManyAttempts: whole minutes until the next attempt. */
  retryMinutes?: number;
}

export function renderLoginPage({
  uiLocales,
  params,
  email,
  error,
  retryMinutes = 1,
}: LoginPageInput): string {
  const t = textsFor(uiLocales);
  const errorText =
    error === 'tooManyAttempts' ? t.tooManyAttempts(retryMinutes) : error ? t[error] : '';
  const hidden = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const errorHtml = error ? `<p class="error" role="alert">${escapeHtml(errorText)}</p>` : '';
  const form =
    error === 'invalidRequest'
      ? ''
      : `<form method="post" action="/idp/authorize">${hidden}
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required
 value="${escapeHtml(email ?? '')}">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${t.submit}</button></form>`;
  return `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>${STYLE}</style></head><body><main><h1>${t.title}</h1><p>${t.intro}</p>${errorHtml}${form}
</main></body></html>`;
}
