import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { consoleSegment, isPublicResource, type ResourceDef } from '../common/resource.ts';
import { resources } from '../common/resources/index.ts';
import { declaredScreens } from './console/nav.ts';

// Public pages share the site frame; the login page stands alone. Route matching is case-insensitive,
// so /SharedTask and /discopen reach the same pages as /sharedtask and /DISCOpen.
export default [
  layout('routes/public/frame.tsx', [
    index('routes/public/home.tsx'),
    route('news', 'routes/public/news.tsx'),
    route('news/:word', 'routes/public/article.tsx', { id: 'news-article' }),
    route('blog/:word', 'routes/public/article.tsx', { id: 'blog-article' }),
    // the news items (SPEC's /news lists articles): all of them, and each on a page of its own
    route('news-archive', 'routes/public/news-archive.tsx'),
    route('news-item/:nid', 'routes/public/news-item.tsx'),
    route('people', 'routes/public/people.tsx'),
    // the two-segment form ranks with the advisor area's /:advisor/pingan and wins by coming first
    route('people/:username', 'routes/public/person.tsx', { id: 'person' }),
    route('people/:username/*', 'routes/public/person.tsx', { id: 'person-subpath' }),
    // one module for both section lists; the ids are the ones the two modules had
    route('curriculum', 'routes/public/page-section.tsx', { id: 'routes/public/curriculum' }),
    route('curriculum/:slug', 'routes/public/course.tsx', { id: 'course' }),
    route('sharedtask', 'routes/public/page-section.tsx', { id: 'routes/public/sharedtask' }),
    route('sharedtask/:slug', 'routes/public/course.tsx', { id: 'sharedtask-item' }),
    route('publication', 'routes/public/publication.tsx'),
    route('publication/:pid', 'routes/public/publication-item.tsx'),
    route('DISCOpen', 'routes/public/discopen.tsx'),
    // each resource declared with a public part: one list page and one record page, both generic
    ...Object.values(resources).flatMap((res: ResourceDef) =>
      isPublicResource(res)
        ? [
            route(res.public.segment, 'routes/public/resource-list.tsx', { id: `public/${res.name}` }),
            route(`${res.public.segment}/:id`, 'routes/public/resource-record.tsx', { id: `public/${res.name}-record` }),
          ]
        : [],
    ),
    route('search', 'routes/public/search.tsx'),
    // a record's public page for the members who edit it; the server lets only them through
    route('preview/:kind/:id', 'routes/public/preview.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  route('login', 'routes/login.tsx'),
  // an invitation's page: /invite#<token>
  route('invite', 'routes/invite.tsx'),
  // self-service password reset by e-mail: the ask, then /reset-password#<token>
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  // The console renders on the client, behind the stored login (routes/console/layout.tsx).
  route('console', 'routes/console/layout.tsx', [
    index('routes/console/home.tsx'),
    // one route per resource with a declared console view, all drawn by one screen
    ...declaredScreens(Object.values(resources)).map((res) =>
      route(consoleSegment(res), 'routes/console/declared.tsx', { id: `routes/console/${consoleSegment(res)}` }),
    ),
    route('data', 'routes/console/data.tsx'),
    route('private_data', 'routes/console/private-data.tsx'),
    route('private_image', 'routes/console/private-image.tsx'),
    route('private_time', 'routes/console/private-time.tsx'),
    route('profile', 'routes/console/profile.tsx'),
    route('info', 'routes/console/info.tsx'),
    route('site', 'routes/console/site.tsx'),
    route('activity', 'routes/console/activity.tsx'),
    route('report', 'routes/console/report.tsx'),
    route('trash', 'routes/console/trash.tsx'),
    route('*', 'routes/console/not-found.tsx'),
  ]),
  // The class-advisor area: the prefix is the advisor's username (ADVISOR_USERNAME); any other prefix is
  // a 404 and any other member is sent back to the console (routes/advisor/layout.tsx).
  layout('routes/advisor/layout.tsx', [route(':advisor/pingan', 'routes/advisor/pingan.tsx'), route(':advisor/info', 'routes/advisor/info.tsx')]),
] satisfies RouteConfig;
