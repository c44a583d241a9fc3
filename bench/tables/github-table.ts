/**
 * A large table shaped like GitHub's public REST API (v3) on three hosts: the API host, an
 * uploads host, and `'_'` for the web front's few routes. Requests: the hot endpoints weighted
 * heavily, every GET route at least a little, some with query strings, some 404s.
 */
import { concreteUrl, everyGetRoute, routesFromLines, sample, type BenchRequest, type BenchTable } from './route-table.ts';

const API = 'api.example.com';
const UPLOADS = 'uploads.example.com';

const repo = '/repos/:owner/:repo';
const api: string[] = [
  'GET /', 'GET /meta', 'GET /rate_limit', 'GET /emojis', 'GET /octocat', 'GET /zen', 'GET /versions', 'GET /events', 'GET /feeds',
  'GET,PUT /notifications', 'GET,PATCH,DELETE /notifications/threads/:thread_id',
  'GET,PUT,DELETE /notifications/threads/:thread_id/subscription',
  'GET,PATCH /user', 'GET,POST /user/repos', 'GET /user/orgs', 'GET,POST,DELETE /user/emails', 'GET /user/followers',
  'GET /user/following', 'GET,PUT,DELETE /user/following/:username', 'GET,POST /user/keys', 'GET,DELETE /user/keys/:key_id',
  'GET,POST /user/gpg_keys', 'GET,DELETE /user/gpg_keys/:gpg_key_id', 'GET /user/starred', 'GET,PUT,DELETE /user/starred/:owner/:repo',
  'GET /user/subscriptions', 'GET /user/issues', 'GET /user/teams', 'GET /user/installations', 'GET /user/blocks',
  'GET,PUT,DELETE /user/blocks/:username', 'GET /user/memberships/orgs', 'GET,PATCH /user/memberships/orgs/:org',
  'GET,POST /user/migrations', 'GET /user/migrations/:migration_id', 'GET /user/packages', 'GET,POST /user/codespaces',
  'GET,PATCH,DELETE /user/codespaces/:codespace_name', 'GET /user/ssh_signing_keys',
  'GET /users', 'GET /users/:username', 'GET /users/:username/repos', 'GET /users/:username/orgs', 'GET /users/:username/followers',
  'GET /users/:username/following', 'GET /users/:username/following/:target_user', 'GET /users/:username/gists',
  'GET /users/:username/keys', 'GET /users/:username/gpg_keys', 'GET /users/:username/starred', 'GET /users/:username/subscriptions',
  'GET /users/:username/events', 'GET /users/:username/events/public', 'GET /users/:username/received_events',
  'GET /users/:username/hovercard', 'GET /users/:username/packages', 'GET /users/:username/projects',
  'GET /organizations', 'GET,PATCH,DELETE /orgs/:org', 'GET,POST /orgs/:org/repos', 'GET /orgs/:org/members',
  'GET,DELETE /orgs/:org/members/:username', 'GET,PUT,DELETE /orgs/:org/memberships/:username', 'GET /orgs/:org/public_members',
  'GET,PUT,DELETE /orgs/:org/public_members/:username', 'GET,POST /orgs/:org/teams', 'GET,PATCH,DELETE /orgs/:org/teams/:team_slug',
  'GET /orgs/:org/teams/:team_slug/members', 'GET,PUT,DELETE /orgs/:org/teams/:team_slug/memberships/:username',
  'GET /orgs/:org/teams/:team_slug/repos', 'GET,PUT,DELETE /orgs/:org/teams/:team_slug/repos/:owner/:repo',
  'GET,POST /orgs/:org/hooks', 'GET,PATCH,DELETE /orgs/:org/hooks/:hook_id', 'POST /orgs/:org/hooks/:hook_id/pings',
  'GET /orgs/:org/events', 'GET /orgs/:org/issues', 'GET /orgs/:org/installations', 'GET /orgs/:org/outside_collaborators',
  'GET /orgs/:org/blocks', 'GET,PUT,DELETE /orgs/:org/blocks/:username', 'GET /orgs/:org/actions/secrets',
  'GET,PUT,DELETE /orgs/:org/actions/secrets/:secret_name', 'GET /orgs/:org/actions/runners', 'GET /orgs/:org/packages',
  'GET,POST /orgs/:org/projects', 'GET,POST /orgs/:org/migrations',
  `GET,PATCH,DELETE ${repo}`, `GET,PUT ${repo}/topics`, `GET ${repo}/languages`, `GET ${repo}/contributors`, `GET ${repo}/tags`,
  `GET ${repo}/teams`, `GET,POST ${repo}/forks`, `GET ${repo}/stargazers`, `GET ${repo}/subscribers`,
  `GET,PUT,DELETE ${repo}/subscription`, `GET ${repo}/events`, `GET ${repo}/readme`, `GET,PUT,DELETE ${repo}/contents/[...]`,
  `GET ${repo}/tarball/:ref`, `GET ${repo}/zipball/:ref`, `GET ${repo}/branches`, `GET ${repo}/branches/:branch`,
  `GET,PUT,DELETE ${repo}/branches/:branch/protection`, `POST ${repo}/branches/:branch/rename`, `GET ${repo}/collaborators`,
  `GET,PUT,DELETE ${repo}/collaborators/:username`, `GET ${repo}/collaborators/:username/permission`, `GET ${repo}/comments`,
  `GET,PATCH,DELETE ${repo}/comments/:comment_id`, `GET ${repo}/commits`, `GET ${repo}/commits/:ref`,
  `GET,POST ${repo}/commits/:ref/comments`, `GET ${repo}/commits/:ref/status`, `GET ${repo}/commits/:ref/statuses`,
  `GET ${repo}/commits/:ref/check-runs`, `GET ${repo}/commits/:ref/check-suites`, `GET ${repo}/compare/:basehead`,
  `POST ${repo}/statuses/:sha`, `GET,POST ${repo}/deployments`, `GET,DELETE ${repo}/deployments/:deployment_id`,
  `GET,POST ${repo}/deployments/:deployment_id/statuses`, `GET ${repo}/deployments/:deployment_id/statuses/:status_id`,
  `GET,POST ${repo}/hooks`, `GET,PATCH,DELETE ${repo}/hooks/:hook_id`, `POST ${repo}/hooks/:hook_id/tests`,
  `POST ${repo}/hooks/:hook_id/pings`, `GET,POST ${repo}/keys`, `GET,DELETE ${repo}/keys/:key_id`, `GET,POST ${repo}/labels`,
  `GET,PATCH,DELETE ${repo}/labels/:name`, `GET,POST ${repo}/milestones`, `GET,PATCH,DELETE ${repo}/milestones/:milestone_number`,
  `GET ${repo}/milestones/:milestone_number/labels`, `GET,POST ${repo}/issues`, `GET ${repo}/issues/comments`,
  `GET,PATCH,DELETE ${repo}/issues/comments/:comment_id`, `GET,POST ${repo}/issues/comments/:comment_id/reactions`,
  `GET ${repo}/issues/events`, `GET ${repo}/issues/events/:event_id`, `GET,PATCH ${repo}/issues/:issue_number`,
  `GET,POST ${repo}/issues/:issue_number/comments`, `GET ${repo}/issues/:issue_number/events`,
  `GET,POST,PUT,DELETE ${repo}/issues/:issue_number/labels`, `DELETE ${repo}/issues/:issue_number/labels/:name`,
  `PUT,DELETE ${repo}/issues/:issue_number/lock`, `GET,POST ${repo}/issues/:issue_number/reactions`,
  `GET ${repo}/issues/:issue_number/timeline`, `POST,DELETE ${repo}/issues/:issue_number/assignees`, `GET ${repo}/assignees`,
  `GET ${repo}/assignees/:assignee`, `GET,POST ${repo}/pulls`, `GET ${repo}/pulls/comments`,
  `GET,PATCH,DELETE ${repo}/pulls/comments/:comment_id`, `GET,PATCH ${repo}/pulls/:pull_number`, `GET ${repo}/pulls/:pull_number/commits`,
  `GET ${repo}/pulls/:pull_number/files`, `GET,PUT ${repo}/pulls/:pull_number/merge`, `GET,POST ${repo}/pulls/:pull_number/comments`,
  `GET,POST ${repo}/pulls/:pull_number/reviews`, `GET,PUT,DELETE ${repo}/pulls/:pull_number/reviews/:review_id`,
  `GET ${repo}/pulls/:pull_number/reviews/:review_id/comments`, `PUT ${repo}/pulls/:pull_number/reviews/:review_id/dismissals`,
  `POST ${repo}/pulls/:pull_number/reviews/:review_id/events`, `GET,POST,DELETE ${repo}/pulls/:pull_number/requested_reviewers`,
  `PUT ${repo}/pulls/:pull_number/update-branch`, `GET,POST ${repo}/releases`, `GET ${repo}/releases/latest`,
  `GET ${repo}/releases/tags/:tag`, `GET,PATCH,DELETE ${repo}/releases/:release_id`, `GET ${repo}/releases/:release_id/assets`,
  `GET,PATCH,DELETE ${repo}/releases/assets/:asset_id`, `POST ${repo}/git/blobs`, `GET ${repo}/git/blobs/:file_sha`,
  `POST ${repo}/git/commits`, `GET ${repo}/git/commits/:commit_sha`, `GET ${repo}/git/ref/[...]`, `GET ${repo}/git/matching-refs/[...]`,
  `POST ${repo}/git/refs`, `PATCH,DELETE ${repo}/git/refs/[...]`, `POST ${repo}/git/tags`, `GET ${repo}/git/tags/:tag_sha`,
  `POST ${repo}/git/trees`, `GET ${repo}/git/trees/:tree_sha`, `GET ${repo}/actions/runs`, `GET,DELETE ${repo}/actions/runs/:run_id`,
  `GET ${repo}/actions/runs/:run_id/jobs`, `GET,DELETE ${repo}/actions/runs/:run_id/logs`, `POST ${repo}/actions/runs/:run_id/cancel`,
  `POST ${repo}/actions/runs/:run_id/rerun`, `GET ${repo}/actions/jobs/:job_id`, `GET ${repo}/actions/jobs/:job_id/logs`,
  `GET ${repo}/actions/workflows`, `GET ${repo}/actions/workflows/:workflow_id`, `POST ${repo}/actions/workflows/:workflow_id/dispatches`,
  `GET ${repo}/actions/workflows/:workflow_id/runs`, `GET ${repo}/actions/artifacts`, `GET,DELETE ${repo}/actions/artifacts/:artifact_id`,
  `GET ${repo}/actions/secrets`, `GET,PUT,DELETE ${repo}/actions/secrets/:secret_name`, `POST ${repo}/check-runs`,
  `GET,PATCH ${repo}/check-runs/:check_run_id`, `GET ${repo}/check-runs/:check_run_id/annotations`,
  `GET ${repo}/check-suites/:check_suite_id`, `GET,POST,PUT,DELETE ${repo}/pages`, `GET,POST ${repo}/pages/builds`,
  `GET ${repo}/pages/builds/latest`, `GET ${repo}/pages/builds/:build_id`, `GET ${repo}/traffic/views`, `GET ${repo}/traffic/clones`,
  `GET ${repo}/traffic/popular/paths`, `GET ${repo}/traffic/popular/referrers`, `GET ${repo}/stats/contributors`,
  `GET ${repo}/stats/commit_activity`, `GET ${repo}/stats/code_frequency`, `GET ${repo}/stats/participation`,
  `GET ${repo}/stats/punch_card`, `GET,POST ${repo}/projects`, `GET ${repo}/license`, `GET ${repo}/community/profile`,
  `POST ${repo}/dispatches`, `POST ${repo}/merges`, `GET,PUT ${repo}/notifications`, `GET ${repo}/environments`,
  `GET,PUT,DELETE ${repo}/environments/:environment_name`,
  'GET /repositories', 'GET /repositories/:repository_id',
  'GET,POST /gists', 'GET /gists/public', 'GET /gists/starred', 'GET,PATCH,DELETE /gists/:gist_id', 'GET,POST /gists/:gist_id/comments',
  'GET,PATCH,DELETE /gists/:gist_id/comments/:comment_id', 'GET /gists/:gist_id/commits', 'GET,POST /gists/:gist_id/forks',
  'GET,PUT,DELETE /gists/:gist_id/star', 'GET /gists/:gist_id/:sha',
  'GET /search/repositories', 'GET /search/code', 'GET /search/commits', 'GET /search/issues', 'GET /search/users',
  'GET /search/topics', 'GET /search/labels',
  'GET,PATCH,DELETE /teams/:team_id', 'GET /teams/:team_id/members', 'GET /teams/:team_id/repos',
  'GET /app', 'GET /app/installations', 'GET,DELETE /app/installations/:installation_id',
  'POST /app/installations/:installation_id/access_tokens', 'GET /apps/:app_slug',
  'POST /markdown', 'POST /markdown/raw', 'GET /licenses', 'GET /licenses/:license', 'GET /gitignore/templates',
  'GET /gitignore/templates/:name', 'GET /codes_of_conduct', 'GET /codes_of_conduct/:key',
  'GET,PATCH,DELETE /projects/:project_id', 'GET,POST /projects/:project_id/columns', 'GET,PATCH,DELETE /projects/columns/:column_id',
  'GET,POST /projects/columns/:column_id/cards', 'POST /projects/columns/:column_id/moves',
  'GET,PATCH,DELETE /projects/columns/cards/:card_id', 'POST /projects/columns/cards/:card_id/moves',
];

const uploads: string[] = [
  `POST ${repo}/releases/:release_id/assets`,
  'POST /orgs/:org/migrations/:migration_id/archive',
  'GET /health',
];

const web: string[] = [
  'GET /health', 'GET /status', 'GET /robots.txt', 'GET /favicon.ico', 'GET /login', 'POST /session', 'GET /logout',
  'GET /login/oauth/authorize', 'POST /login/oauth/access_token', 'GET /assets/[...]',
];

const routes = routesFromLines({ [API]: api, [UPLOADS]: uploads, _: web });

// Values a real client would send for each binding name.
const values: Readonly<Record<string, string>> = {
  owner: 'nodejs', repo: 'node', username: 'octocat', target_user: 'hubot', org: 'github', issue_number: '51234',
  pull_number: '50321', comment_id: '1902837465', sha: '8d5ae3f1c6e0b0a4a1f0d1f2e3c4b5a6d7e8f901', ref: 'main',
  branch: 'v22.x-staging', gist_id: 'aa5a315d61ae9438b18d', run_id: '9876543210', job_id: '27182818284',
};

function request(method: string, host: string, path: string, query = ''): BenchRequest {
  return { method, host: host === '_' ? API : host, url: `${concreteUrl(path, values, 'lib/internal/url.js')}${query}` };
}

// The endpoints busy clients (CI bots, IDEs, dashboards) call most, weighted by hand.
const hot: readonly (readonly [number, BenchRequest])[] = [
  [40, request('GET', API, `${repo}`)],
  [30, request('GET', API, `${repo}/pulls/:pull_number`)],
  [30, request('GET', API, `${repo}/issues/:issue_number`)],
  [25, request('GET', API, `${repo}/issues`, '?state=open&per_page=100&page=3')],
  [25, request('GET', API, `${repo}/pulls`, '?state=open&sort=updated')],
  [20, request('GET', API, `${repo}/commits/:ref/status`)],
  [20, request('GET', API, `${repo}/commits/:ref/check-runs`)],
  [20, request('GET', API, `${repo}/contents/[...]`, '?ref=main')],
  [15, request('GET', API, `${repo}/issues/:issue_number/comments`)],
  [15, request('POST', API, `${repo}/issues/:issue_number/comments`)],
  [15, request('GET', API, `${repo}/pulls/:pull_number/files`)],
  [15, request('GET', API, '/user')],
  [15, request('GET', API, '/users/:username')],
  [10, request('GET', API, '/rate_limit')],
  [10, request('GET', API, '/notifications')],
  [10, request('GET', API, `${repo}/actions/runs/:run_id/jobs`)],
  [10, request('GET', API, `${repo}/git/ref/[...]`)],
  [8, request('GET', API, '/search/issues', '?q=repo%3Anodejs%2Fnode+is%3Aopen')],
  [8, request('GET', API, `${repo}/releases/:release_id/assets`)],
  [4, { method: 'GET', host: UPLOADS, url: '/health' }],
  [5, { method: 'POST', host: UPLOADS, url: '/repos/nodejs/node/releases/123456/assets?name=node-v24.tar.gz' }],
  [10, { method: 'GET', host: 'www.example.com', url: '/health' }],
  [5, { method: 'GET', host: 'www.example.com', url: '/assets/css/app.3f9a1c.css' }],
  [3, { method: 'GET', host: API, url: '/repos/nodejs/node/wikis' }],
  [3, { method: 'GET', host: API, url: '/favicon.ico' }],
  [3, { method: 'GET', host: 'www.example.com', url: '/wp-admin/setup.php' }],
];

/** The GitHub-like table. */
export const githubTable: BenchTable = {
  name: `GitHub-like (${routes.length} routes, 3 hosts)`,
  routes,
  requests: sample([...hot, ...everyGetRoute(routes, (route) => request('GET', route.host, route.path))], 4000, 11),
};
