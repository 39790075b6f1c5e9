import { describe, expect, it } from 'vitest';
import { activityActions } from '../../common/wire.ts';
import { en } from '../i18n/en.ts';
import { zh } from '../i18n/zh.ts';
import { OBJECTS, OWN_OBJECTS } from './activity-log.tsx';

// The activity log shows every action and every object it logs in words of the reader's language: an action
// or object added to the lists without its words in both languages fails here (the screen would show its key).

describe('the activity log’s words', () => {
  const actions: Record<string, Record<string, string>> = { zh: zh.console.activity.actions, en: en.console.activity.actions };
  const objects: Record<string, Record<string, string>> = { zh: zh.console.activity.resources, en: en.console.activity.resources };

  it.each(['zh', 'en'])('names every action in %s', (lang) => {
    const missing = activityActions.filter((a) => !actions[lang]?.[a]?.trim());
    expect(missing).toEqual([]);
    // words, not the key again
    expect(activityActions.filter((a) => actions[lang]?.[a] === a)).toEqual([]);
  });

  it.each(['zh', 'en'])('names every object that is not a declared resource in %s', (lang) => {
    expect(OWN_OBJECTS.filter((o) => !objects[lang]?.[o]?.trim())).toEqual([]);
    expect(OWN_OBJECTS.filter((o) => objects[lang]?.[o] === o)).toEqual([]);
  });

  it('knows every object the server logs under that is not a declared resource (the advisor area, the timetable, the trash)', () => {
    // server/api/advisor.ts, server/api/schedules.ts, server/services/history.ts, files, sessions and backups
    expect(OBJECTS).toEqual(expect.arrayContaining(['advisor', 'schedule', 'trash', 'session', 'data_file', 'image', 'backup', 'person', 'publication']));
  });
});
