// The stored login data of SPEC §3 (login flag, name, authority, portrait, login time), kept in
// localStorage and cleared on logout or after 604800 s. The token itself is not kept here: the server
// sets it as an HttpOnly cookie that no script can read, and the console's calls send it by
// that cookie with the X-Lab-Console header (app/console/api.ts, server/http/auth.ts).

import { at } from './base.ts';

const SESSION_SECONDS = 604_800;

const KEYS = [
  'login',
  'name',
  'name_en',
  'username',
  'uid',
  'authority',
  'advisor',
  'portrait',
  'token',
  'loginTime',
  'mustChangePassword',
  'twoFactorMissing',
] as const;

export type StoredSession = {
  login: boolean;
  name: string;
  name_en: string;
  username: string;
  uid: string;
  authority: string;
  /** The class-advisor account (its area is /{username}/…); the server decides, this only shows the link. */
  advisor: boolean;
  portrait: string;
  loginTime: number;
  /** Still on an initial password: the console shows only the form that changes it (the server refuses other writes). */
  mustChangePassword: boolean;
  /** An administrator the site requires two-factor login of, without it: the console shows only its enrolment (the server refuses the rest). */
  twoFactorMissing: boolean;
};

/** Where a member still on an initial password is sent: the password part of their profile. */
export const PASSWORD_FORM = '/console/profile#password';
/** Where an administrator is sent whom the site requires two-factor login of, before they have it. */
export const TWO_FACTOR_FORM = '/console/profile#two-factor';

export function readSession(): StoredSession | null {
  if (typeof window === 'undefined') return null;
  try {
    const s = window.localStorage;
    if (s.getItem('login') !== 'true') return null;
    const loginTime = Number(s.getItem('loginTime'));
    if (!Number.isFinite(loginTime) || Date.now() / 1000 - loginTime > SESSION_SECONDS) {
      clearSession();
      return null;
    }
    return {
      login: true,
      name: s.getItem('name') ?? '',
      name_en: s.getItem('name_en') ?? '',
      username: s.getItem('username') ?? '',
      uid: s.getItem('uid') ?? '',
      authority: s.getItem('authority') ?? 'user',
      advisor: s.getItem('advisor') === 'true',
      portrait: s.getItem('portrait') ?? '',
      loginTime,
      mustChangePassword: s.getItem('mustChangePassword') === 'true',
      twoFactorMissing: s.getItem('twoFactorMissing') === 'true',
    };
  } catch {
    return null;
  }
}

export function storeSession(data: {
  loginTime: number;
  userInfo: {
    name_zh: string;
    name_en: string;
    username: string;
    uid: string;
    authority: string;
    portrait_url: string;
    advisor?: boolean;
    must_change_password?: boolean;
    two_factor_missing?: boolean;
  };
}) {
  const s = window.localStorage;
  s.setItem('login', 'true');
  s.setItem('name', data.userInfo.name_zh);
  s.setItem('name_en', data.userInfo.name_en);
  s.setItem('username', data.userInfo.username);
  s.setItem('uid', data.userInfo.uid);
  s.setItem('authority', data.userInfo.authority);
  s.setItem('advisor', String(Boolean(data.userInfo.advisor)));
  s.setItem('portrait', data.userInfo.portrait_url);
  // a token an older version kept here goes
  s.removeItem('token');
  s.setItem('loginTime', String(data.loginTime));
  s.setItem('mustChangePassword', String(Boolean(data.userInfo.must_change_password)));
  s.setItem('twoFactorMissing', String(Boolean(data.userInfo.two_factor_missing)));
  window.dispatchEvent(new Event('lab-session'));
}

/** Two-factor login is on: the console opens in full again. */
export function twoFactorEnrolled() {
  window.localStorage.setItem('twoFactorMissing', 'false');
  window.dispatchEvent(new Event('lab-session'));
}

/** The password was changed: the console opens in full again. */
export function passwordChanged() {
  window.localStorage.setItem('mustChangePassword', 'false');
  window.dispatchEvent(new Event('lab-session'));
}

export function clearSession() {
  try {
    for (const k of KEYS) window.localStorage.removeItem(k);
    window.dispatchEvent(new Event('lab-session'));
  } catch {
    /* storage unavailable */
  }
}

/** The header that lets the session cookie count on a call (server/http/auth.ts). */
export const CONSOLE_HEADER = { 'X-Lab-Console': '1' } as const;

/**
 * Logs out: the server revokes the token and drops its cookie, then every stored login item is removed. The
 * answer is read to its end before the caller navigates away: a navigation cuts off a body still arriving,
 * and the server's log then shows the logout as a request the client abandoned.
 */
export async function logout() {
  await fetch(at('/api/logout/'), { method: 'POST', credentials: 'same-origin', headers: CONSOLE_HEADER })
    .then((res) => res.arrayBuffer())
    .catch(() => {});
  clearSession();
}
