// Point 5 with OIDC_MATCH=email: the site restarted on the same data and stand-ins. Writes $OUT/results-3.md.
import { Jar, call, control, flush, note, sql, verdict, walkProvider } from './lib.ts';

const ADMIN_EMAIL = sql("select email from person where username='labadmin'");
note('## 5 (OIDC_MATCH=email). email_verified false is refused; an administrator is never matched');
async function flow(account: unknown) {
  await control('/oidc/next', account);
  const j = new Jar('E');
  const s = await call('GET', '/api/login/oidc/', { jar: j, xff: '10.8.0.1', show: false });
  const back = new URL(await walkProvider(s.location as string));
  return call('GET', back.pathname + back.search, { jar: j, xff: '10.8.0.2' });
}
const u = await flow({ sub: 'mail-sub-r1', claims: { email: 'jiawen.xu@example.org', email_verified: false } });
verdict(
  '5f',
  /external_error=external_unverified/.test(u.location ?? ''),
  'OIDC_MATCH=email, a member’s address with email_verified=false → refused (external_unverified)',
);
const m = await flow({ sub: 'mail-sub-r2', claims: { email: 'jiawen.xu@example.org' } });
verdict('5g', /external_error=external_unverified/.test(m.location ?? ''), 'OIDC_MATCH=email, email_verified absent → refused');
const adm = await flow({ sub: 'mail-sub-r3', claims: { email: ADMIN_EMAIL, email_verified: true } });
verdict(
  '5h',
  /external_error=external_admin/.test(adm.location ?? ''),
  `OIDC_MATCH=email, the administrator’s address (${ADMIN_EMAIL}) verified → refused (external_admin)`,
);
const ok = await flow({ sub: 'mail-sub-r4', claims: { email: 'jiawen.xu@example.org', email_verified: true } });
verdict('5i', /#handoff=/.test(ok.location ?? ''), 'control: a member’s verified address → handoff');
flush('results-3.md');
