// The server: config -> deps -> app -> listen; a drain on SIGINT/SIGTERM. Run by main.ts as the one process
// (WORKERS=1), or in each worker of the supervisor (docs/decisions/0036-several-processes.md).
import type { Server } from 'node:http';
import path from 'node:path';
import { serve as serveHttp } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig, servingProblems } from './config';
import { type ProcessRole, type ServingMessage, supervisorListenerGone } from './cluster/worker-role';
import { purgeOldEmailChanges } from './core/accounts/email-change';
import { purgeOldVerificationLinks } from './core/accounts/email-verification';
import { purgeOldResetLinks } from './core/accounts/password-reset';
import { sendWeeklyDigests } from './core/notifications/weekly-digest';
import { scheduleFollowDigests } from './core/follows/digest-schedule';
import { scheduleWeeklyQuestions } from './core/weekly-question/weekly-schedule';
import { purgeUnconfirmedFollows } from './core/follows/follow-story';
import { purgeExpiredSessions } from './core/accounts/sessions';
import { offerAdminSetupLink, purgeOldSetupLinks, setupLinkEmail, setupLinkLine } from './core/moderation/admin-setup';
import { purgeUnusedUploads } from './core/uploads/purge-unused-uploads';
import { addChaptersToOlderStories } from './core/stories/add-chapters-to-older-stories';
import { createDeps, pickBackupStore } from './deps';
import { seedDemoIfEmpty } from './demo/demo-seed';
import { scheduleBackups } from './backups/schedule-backups';
import { drainable } from './transport/http/drain-connections';
import { startInboundSmtp } from './transport/smtp/inbound-smtp';
import { siteOrigin } from './transport/http/site-origin';

export async function serve(role: ProcessRole) {
  const config = loadConfig();
  const problems = servingProblems(config);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  // Errors show at LOG_LEVEL error and info; silent drops them.
  const log = (message: string) => {
    if (config.logLevel !== 'silent') console.error(message);
  };
  const deps = await createDeps(config, { log });
  // An index built by an older version (documents of another format) is rebuilt from the log before serving; so is
  // an embedded index made new at this start for a database whose events were already folded (with PostgreSQL: a
  // new DATA_DIR, or a switch from Meilisearch; ADR 0023), which would otherwise stay empty.
  // Instances started together on one PostgreSQL take turns here (ADR 0023): the second finds the index current and
  // the demo data there, so it neither rebuilds again nor seeds twice.
  await deps.atStart(async () => {
    const started = Date.now();
    const emptyIndexBehind = deps.searchMadeNew && (await deps.projector.checkpoint()) > 0;
    const rebuild = emptyIndexBehind ? deps.projector.rebuild().then(() => true) : deps.projector.rebuildIfFormatChanged();
    if (await rebuild.catch((err) => void log(`Search index rebuild failed: ${(err as Error).message}`))) {
      if (config.logLevel === 'info')
        console.log(
          `Rebuilt the search index ${emptyIndexBehind ? 'from the event log (it was new)' : 'for this version'} in ${Date.now() - started} ms.`,
        );
    }
    // Stories published before chapters existed get their contents once (ADR 0029), before any page is rendered.
    const chaptered = await addChaptersToOlderStories(deps).catch((err) => {
      log(`Adding chapters to older stories failed; they get them at their next publish: ${(err as Error).message}`);
      return 0;
    });
    if (chaptered && config.logLevel === 'info') console.log(`Added the chapters of ${chaptered} stories published before chapters.`);
    // Demo data on the first start of an empty DATA_DIR (SEED_DEMO=false skips it). A failed seed must not keep
    // the site from serving: it removes what it made (so the next start tries again), we log it, and serve empty.
    if (config.seedDemo) {
      const seeded = await seedDemoIfEmpty(deps, (line) => config.logLevel === 'info' && console.log(line)).catch((err) =>
        console.error(`Demo data was not seeded; the site starts empty. ${(err as Error).message}`),
      );
      // Top lists and search filled before the first visitor; a failing index is retried by the projector itself.
      if (seeded) await deps.projector.drain().catch(() => undefined);
    }
  });
  deps.projector.start();
  // The site's origin for every absolute link, the weekly email's included: PUBLIC_ORIGIN, else where we listen
  // (the port set below once listening, for PORT=0).
  const listen = { host: config.host, port: config.port };
  const origin = siteOrigin(config.publicOrigin, listen);
  // With PostgreSQL, one instance at a time purges and sends the weekly emails; the others skip that hour's run
  // (ADR 0021), so nobody gets a weekly email twice.
  const housekeeping = () =>
    void deps
      .housekeeping(async () => {
        await purgeExpiredSessions(deps).catch((err) => console.error('purging sessions:', err));
        await purgeOldResetLinks(deps).catch((err) => console.error('purging password reset links:', err));
        await purgeUnusedUploads(deps).catch((err) => console.error('purging uploads:', err));
        await purgeOldEmailChanges(deps).catch((err) => console.error('purging email change links:', err));
        await purgeOldVerificationLinks(deps).catch((err) => console.error('purging email verification links:', err));
        await purgeOldSetupLinks(deps).catch((err) => console.error('purging admin setup links:', err));
        await sendWeeklyDigests(deps, { origin: origin() }).catch((err) => console.error('sending weekly emails:', err));
        await purgeUnconfirmedFollows(deps).catch((err) => console.error('purging unconfirmed follows:', err));
      })
      .catch((err) => console.error('housekeeping:', err));
  const purge = setInterval(housekeeping, 60 * 60 * 1000);
  purge.unref();
  // Followers' emails of new parts, at most one a day per story (ADR 0027): every ten minutes, on their own timer.
  const followDigests = scheduleFollowDigests(
    { ...deps, runAlone: (fn) => deps.followDigestsAlone(fn) },
    () => ({ origin: origin() }),
    (line) => console.error(line),
  );
  // One question a week, at the time each writer chose (ADR 0031): every minute, on its own timer.
  const weeklyQuestions = scheduleWeeklyQuestions(
    { ...deps, runAlone: (fn) => deps.weeklyQuestionsAlone(fn) },
    () => ({ origin: origin() }),
    (line) => console.error(line),
  );
  const backups = scheduleBackups(config, deps, pickBackupStore(config), log);

  const app = createApp(deps, {
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    listen,
    allowedHosts: config.allowedHosts,
    mediaPublicBaseUrl: config.mediaPublicBaseUrl,
    legalUrl: config.legalUrl,
    clientDir: path.resolve('dist/client'),
    serverRender: path.resolve('dist/ssr/entry-server.js'),
    log,
  });
  // A site with no admin gets a one-time setup link (ADR 0020): the owner's step, since registering never makes an
  // admin. Made once across instances (the others say until when it works); to the log, and to the outbox when there
  // is no mail server. After listening, so that the link has the port.
  // With several processes, the one worker of the start that announces offers it (ADR 0036).
  const offerSetupLink = async () => {
    if (!role.announces) return;
    const offer = await offerAdminSetupLink(deps, origin());
    const line = setupLinkLine(offer);
    if (line && config.logLevel !== 'silent') console.log(line);
    if (offer.kind === 'new' && deps.mailer.name === 'outbox')
      await deps.mailer.send(setupLinkEmail(config.mail.from, offer.link, offer.expiresAt));
  };
  const server = serveHttp({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    listen.port = info.port;
    // In a worker the supervisor says it once for all of them, once each has said it serves.
    if (role.inCluster) process.send?.({ lifeStory: 'serving', address: info.address, port: info.port } satisfies ServingMessage);
    else if (config.logLevel === 'info')
      console.log(
        `Life Story is listening on http://${info.address === '::' ? 'localhost' : info.address}:${info.port} (data in ${config.dataDir})`,
      );
    offerSetupLink().catch((err) => log(`Could not check for an admin or make the admin setup link: ${(err as Error).message}`));
  });
  const connections = drainable(server as Server);
  // Replies to question emails by SMTP, only with INBOUND_SMTP_PORT set (docs/decisions/0030-answers-by-email.md).
  const inboundSmtp =
    config.inboundMail.smtpPort === undefined
      ? undefined
      : await startInboundSmtp(deps, { host: config.host, port: config.inboundMail.smtpPort, origin, log });
  if (inboundSmtp && role.announces && config.logLevel === 'info')
    console.log(`Replies to question emails are received by SMTP on ${config.host}:${inboundSmtp.port} for ${config.inboundMail.domain}.`);

  // A drain (docs/decisions/0023-several-instances.md): no new connections, every request already started is
  // answered (the last one on each connection says Connection: close), then the projector's current run and the
  // emails queued after answers finish, and the process exits 0. SHUTDOWN_GRACE_SECONDS is the last resort.
  // A worker drains the same way when the supervisor sends it SIGTERM (a stop, or its turn in a roll); the
  // supervisor says the lines for all of them.
  const says = config.logLevel === 'info' && !role.inCluster;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    if (says) console.log(`${signal}: finishing open requests, then stopping.`);
    const force = setTimeout(() => {
      console.error(`Still busy after ${config.shutdownGraceMs / 1000} s (SHUTDOWN_GRACE_SECONDS): stopping anyway.`);
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    void (async () => {
      await connections.drain(role.inCluster ? () => supervisorListenerGone() : undefined);
      await inboundSmtp?.stop();
      clearInterval(purge);
      backups?.stop();
      followDigests.stop();
      weeklyQuestions.stop();
      await deps.close();
      if (says) console.log(`${signal}: stopped.`);
      process.exit(0);
    })().catch((err) => {
      console.error('shutdown:', err);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // SIGHUP is the supervisor's (it rolls the workers); a terminal's hangup sent to every process must not end them all.
  if (role.inCluster) process.on('SIGHUP', () => undefined);
}
