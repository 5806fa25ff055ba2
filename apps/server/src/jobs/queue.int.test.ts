// The job runner (jobs/queue.ts): a handler that fails is logged at error level once per failed attempt, with the
// job's queue name and id and never its payload; pg-boss then retries it. The failure is real: the invitation
// email job against an SMTP server that refuses connections.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_QUEUE } from '../projects/service.ts';
import { createProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;

beforeAll(async () => {
  // Port 1 refuses connections: every invitation email fails to send.
  server = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, captureLogs: true });
});
afterAll(() => server?.close());

type JobRow = { id: string; state: string; start_after: string | Date };

async function invitationJob(): Promise<JobRow> {
  const raw: unknown = await server.ctx.db.execute(
    sql`select id::text as id, state::text as state, start_after from pgboss.job where name = ${INVITATION_QUEUE} order by created_on desc limit 1`,
  );
  const [row] = (raw as { rows: JobRow[] }).rows;
  if (!row) throw new Error('no invitation job');
  return row;
}

/** The failure entries the server logged for `jobId`, as JSON. */
function failuresOf(jobId: string): Array<{ level: number; msg: string; job: { name: string; id: string }; err: { message: string } }> {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.includes(`"id":"${jobId}"`) && line.includes('failed'))
    .map((line) => JSON.parse(line) as never);
}

describe(`job handler failures (${testDb})`, () => {
  it('are logged at error level once per failed attempt, with the queue and job id, without the payload', async () => {
    const logged = server.expectErrorLog(new RegExp(`^job ${INVITATION_QUEUE.replaceAll('.', '\\.')} failed$`));
    const project = await createProjectWithKeys(server, 'Failing invitations');
    const invitee = 'job.failure.invitee@example.com';
    await server.services.projects.addMember(project.projectId, project.ownerUserId, invitee, 'developer');

    // The first attempt fails; its retry is not due yet.
    await server.settled();
    const job = await invitationJob();
    expect(job.state).toBe('retry');
    expect(logged.count).toBe(1);
    const [first] = failuresOf(job.id);
    expect(first).toMatchObject({ level: 50, msg: `job ${INVITATION_QUEUE} failed`, job: { name: INVITATION_QUEUE, id: job.id } });
    expect(first!.err.message).toBeTruthy();

    // The retry runs at its time and fails again: one more entry, not more. (A second past its start: the column
    // has microseconds, a Date only milliseconds.)
    await server.settled({ through: new Date(new Date(job.start_after).getTime() + 1000), timeoutMs: 30_000 });
    expect((await invitationJob()).state).toBe('retry');
    expect(logged.count).toBe(2);
    expect(failuresOf(job.id)).toHaveLength(2);

    // The payload (the invitee's address, the project's name) is in no log line.
    expect(server.logs()).not.toContain(invitee);
    expect(server.logs()).not.toContain('Failing invitations');
  });
});
