import { describe } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { declaredResourceSuite } from './resources-suite.ts';

// Every declared resource through the API on PostgreSQL (tests/api/resources-suite.ts; SQLite in resources.test.ts).
if (dialects.includes('postgres')) declaredResourceSuite('postgres');
else describe.skip('declared resources on postgres', () => {});
