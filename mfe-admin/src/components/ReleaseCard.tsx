// One remote in the release console: its stable and canary with the share each serves, whether the canary is
// paused, the policy that moves it (steps, the current one marked, bake time, minimum sample), the analysis with its
// decision and reason, the measures stable against canary (a table and a chart each), the failures people met, the
// versions with the kit and contract they were built with, and the history, newest first. Promote, Pause (Resume)
// and Roll back each ask for a reason first; the answer replaces the remote on screen.
import {
  formatMonthDayTime,
  RELEASE_REASON_MAX_LENGTH,
  type ReleaseAction,
  type ReleaseAnalysis,
  type RemoteRelease,
  releaseApi,
} from '@skynet/kit';
import { useEffect, useId, useRef, useState } from 'react';
import admin from './Admin.module.css';
import { ListTable } from './ListTable';
import { MeasureChart } from './MeasureChart';
import { ReasonForm } from './ReasonForm';
import styles from './Releases.module.css';
import {
  ACTION_LABEL,
  DECISION_LABEL,
  formatMeasure,
  MEASURE_LABEL,
  MEASURE_ORDER,
  placementText,
  VERDICT_LABEL,
} from './releaseLabels';

interface ReleaseCardProps {
  remote: string;
  release: RemoteRelease;
  /** After an action succeeded: the remote as the API answered it, and what to tell the administrator. */
  onDone: (remote: string, release: RemoteRelease, action: ReleaseAction) => void;
}

const MEASURE_COLUMNS = ['Measure', 'Stable', 'Canary', 'Samples', 'Verdict', 'Test'];
const FAILURE_COLUMNS = ['Error', 'Where', 'Version', 'Count', 'Last'];
const VERSION_COLUMNS = ['Version', 'Published', 'Kit', 'Contract'];

const when = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatMonthDayTime(iso)}</time> : <span className={admin.muted}>unknown</span>;

/** The step the canary is at: the largest step not above its share (the first one before any). */
function currentStep(steps: readonly number[], percent: number): number {
  let index = 0;
  steps.forEach((step, i) => {
    if (step <= percent) index = i;
  });
  return index;
}

function Policy({ release }: { release: RemoteRelease }) {
  const { policy, canary } = release;
  const current = canary ? currentStep(policy.steps, canary.percent) : -1;
  return (
    <section className={styles.block}>
      <h3 className={admin.subheading}>Policy</h3>
      <dl className={styles.facts}>
        <div>
          <dt>Mode</dt>
          <dd>
            {policy.mode === 'auto'
              ? 'Automatic: the analysis job advances, promotes or rolls back'
              : 'Manual: only an administrator moves the canary'}
          </dd>
        </div>
        <div>
          <dt>Steps</dt>
          <dd>
            <ol className={styles.steps} aria-label="Steps of the canary's share">
              {policy.steps.map((step, index) => (
                <li
                  key={step}
                  className={index === current ? styles.currentStep : styles.step}
                  aria-current={index === current ? 'step' : undefined}
                >
                  {step}%{index === current && <span className={admin.visuallyHidden}> (current)</span>}
                </li>
              ))}
            </ol>
          </dd>
        </div>
        <div>
          <dt>Bake time</dt>
          <dd>{policy.bakeMinutes} min per step</dd>
        </div>
        <div>
          <dt>Minimum sample</dt>
          <dd>{policy.minSamples} per side</dd>
        </div>
      </dl>
    </section>
  );
}

function Analysis({ analysis }: { analysis: ReleaseAnalysis }) {
  const measures = MEASURE_ORDER.map((name) => analysis.measures.find((m) => m.name === name)).filter(
    (m) => m !== undefined,
  );
  const charted = MEASURE_ORDER.filter((name) => analysis.series.some((point) => point.name === name));
  return (
    <section className={styles.block}>
      <h3 className={admin.subheading}>Analysis</h3>
      <p className={`${styles.decision} ${styles[`decision-${analysis.decision}`] ?? ''}`}>
        <strong>{DECISION_LABEL[analysis.decision]}</strong>: {analysis.reason}
      </p>
      <p className={admin.muted}>
        Figures of {when(analysis.at)}, over the minutes since {when(analysis.since)}.
      </p>
      {measures.length > 0 && (
        <ListTable
          caption="Measures, stable against canary"
          captionClassName={styles.caption}
          className={styles.wrapping}
          columns={MEASURE_COLUMNS}
        >
          {measures.map((m) => (
            <tr key={m.name}>
              <th scope="row" data-label="Measure">
                {MEASURE_LABEL[m.name]}
              </th>
              <td data-label="Stable">{formatMeasure(m.name, m.stable)}</td>
              <td data-label="Canary">{formatMeasure(m.name, m.canary)}</td>
              <td data-label="Samples">
                <span>
                  {m.stableSamples} / {m.canarySamples}
                  <span className={admin.visuallyHidden}> (stable / canary)</span>
                </span>
              </td>
              <td data-label="Verdict">
                <span className={m.verdict === 'worse' ? styles.worse : undefined}>
                  {VERDICT_LABEL[m.verdict]}
                </span>
              </td>
              <td data-label="Test">{m.test}</td>
            </tr>
          ))}
        </ListTable>
      )}
      {charted.length === 0 && <p className={admin.muted}>No figures over time yet.</p>}
      {charted.length > 0 && (
        <div className={styles.charts}>
          {charted.map((name) => (
            <MeasureChart key={name} name={name} series={analysis.series} />
          ))}
        </div>
      )}
      <h4 className={styles.minorHeading}>Failures people met</h4>
      {analysis.failures.length === 0 ? (
        <p className={admin.muted}>None in these minutes.</p>
      ) : (
        <ListTable
          caption="Failures people met, by error text and place"
          className={styles.wrapping}
          columns={FAILURE_COLUMNS}
        >
          {analysis.failures.map((f) => (
            <tr key={`${f.version}|${f.type}|${f.source}|${f.message}`}>
              <td data-label="Error">
                <div>
                  <span className={styles.type}>{f.type}</span>{' '}
                  <code className={styles.code}>{f.message}</code>
                </div>
              </td>
              <td data-label="Where">
                <code className={styles.code}>{f.source || 'unknown'}</code>
              </td>
              <td data-label="Version">{f.version}</td>
              <td data-label="Count">{f.count}</td>
              <td data-label="Last">{when(f.last)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}

function Versions({ release }: { release: RemoteRelease }) {
  const newestFirst = [...release.versions].reverse();
  return (
    <section className={styles.block}>
      <h3 className={admin.subheading}>Versions</h3>
      <ListTable caption="Published versions, newest first" columns={VERSION_COLUMNS}>
        {newestFirst.map((v) => (
          <tr key={v.version}>
            <th scope="row" data-label="Version">
              <span>
                {v.version}
                {v.version === release.stable && <span className={styles.tag}>stable</span>}
                {v.version === release.canary?.version && <span className={styles.tag}>canary</span>}
              </span>
            </th>
            <td data-label="Published">{when(v.publishedAt)}</td>
            <td data-label="Kit">{v.kit ?? 'not recorded'}</td>
            <td data-label="Contract">{v.contract ?? 'not recorded'}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

function History({ release }: { release: RemoteRelease }) {
  return (
    <section className={styles.block}>
      <h3 className={admin.subheading}>History</h3>
      {release.history.length === 0 ? (
        <p className={admin.muted}>No registry changes yet.</p>
      ) : (
        <ol className={styles.history} aria-label="History, newest first">
          {release.history.map((line) => (
            <li key={`${line.at}|${line.command}|${line.version ?? ''}`}>
              <p className={styles.historyHead}>
                {when(line.at)} <strong>{line.command}</strong>
                {line.version && <> {line.version}</>} by {line.user ?? 'the analysis job'}
              </p>
              {line.reason && <p className={styles.historyReason}>{line.reason}</p>}
              {(line.from || line.to) && (
                <p className={admin.muted}>
                  {placementText(line.from)} → {placementText(line.to)}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ReleaseCard({ remote, release, onDone }: ReleaseCardProps) {
  const id = useId();
  const [open, setOpen] = useState<ReleaseAction | null>(null);
  /** Where focus goes once a form closes: back to its button, or to the remote's name when that button is gone. */
  const returnFocus = useRef<ReleaseAction | null>(null);
  const buttons = useRef(new Map<ReleaseAction, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => {
    returnFocus.current = open;
    setOpen(null);
  };
  useEffect(() => {
    const action = returnFocus.current;
    if (open !== null || action === null) return;
    returnFocus.current = null;
    (buttons.current.get(action) ?? heading.current)?.focus();
  });
  const { canary } = release;
  const actions: ReleaseAction[] = canary ? ['promote', 'pause', 'rollback'] : ['rollback'];
  const label = (action: ReleaseAction) =>
    action === 'pause' && canary?.paused ? 'Resume' : ACTION_LABEL[action];
  const title = (action: ReleaseAction) => {
    if (action === 'promote') return `Promote ${remote} ${canary?.version ?? ''} to stable`;
    if (action === 'pause') return `${canary?.paused ? 'Resume' : 'Pause'} the canary of ${remote}`;
    return canary
      ? `Roll back ${remote}: end the canary ${canary.version}`
      : `Roll back ${remote} to the stable before ${release.stable}`;
  };

  const act = async (action: ReleaseAction, reason: string) => {
    const after = await releaseApi.act(remote, action, reason);
    close();
    onDone(remote, after, action);
  };

  return (
    <article className={admin.card} aria-labelledby={`${id}-title`}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className={admin.cardTitle}>
          {remote}
        </h2>
        {canary?.paused && <span className={admin.mark}>Paused</span>}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Stable</dt>
          <dd>{release.stable}</dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {canary ? (
              <>
                {canary.version}
                {canary.since && <> since {when(canary.since)}</>}
              </>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
      {canary && (
        <div className={styles.split}>
          <p id={`${id}-split`} className={styles.splitText}>
            Canary {canary.version} serves {canary.percent}% of people, stable {release.stable} the other{' '}
            {100 - canary.percent}%{canary.paused ? ' (paused: the job leaves it where it is)' : ''}.
          </p>
          <div
            className={styles.bar}
            role="img"
            aria-label={`Split: stable ${100 - canary.percent}%, canary ${canary.percent}%`}
          >
            <span className={styles.barStable} style={{ flexGrow: 100 - canary.percent }}>
              {100 - canary.percent >= 15 && `Stable ${100 - canary.percent}%`}
            </span>
            <span className={styles.barCanary} style={{ flexGrow: canary.percent }}>
              {canary.percent >= 15 && `Canary ${canary.percent}%`}
            </span>
          </div>
        </div>
      )}

      <div className={admin.actions}>
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'rollback' ? admin.dangerButton : admin.plainButton}
            aria-expanded={open === action}
            ref={(element) => {
              if (element) buttons.current.set(action, element);
              else buttons.current.delete(action);
            }}
            onClick={() => setOpen(action)}
          >
            {label(action)}
          </button>
        ))}
      </div>
      {open && (
        <ReasonForm
          key={open}
          title={title(open)}
          confirm={`Confirm ${label(open).toLowerCase()}`}
          danger={open === 'rollback'}
          missing="Give a reason: the release history keeps it."
          maxLength={RELEASE_REASON_MAX_LENGTH}
          onSubmit={(reason) => act(open, reason)}
          onCancel={close}
        />
      )}

      {canary && <Policy release={release} />}
      {release.analysis && <Analysis analysis={release.analysis} />}
      <Versions release={release} />
      <History release={release} />
    </article>
  );
}
