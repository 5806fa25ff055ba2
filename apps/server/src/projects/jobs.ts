import type { AppContext } from '../context.ts';
import { invitationEmail } from '../mail/templates.ts';
import { INVITATION_QUEUE } from './service.ts';

type InvitationJob = { to: string; projectName: string; role: string; invitedBy: string };

/** Sends member invitation emails off the request path; pg-boss retries failed sends. */
export async function registerProjectJobs(ctx: AppContext) {
  await ctx.jobs.work<InvitationJob>(INVITATION_QUEUE, async (job) => {
    const signInUrl = `${ctx.config.publicUrl}/signin?callbackUrl=${encodeURIComponent('/console/overview')}`;
    await ctx.mailer.send(invitationEmail({ ...job, signInUrl }));
  });
}
