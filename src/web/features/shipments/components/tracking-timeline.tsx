import { Check, CircleSlash, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipmentStatus, TTrackingEvent } from '../../../../shared/contracts/shipments';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

/** The scans a parcel goes through, in order (DESIGN §5 sandbox schedule). */
export const MILESTONES = ['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An event's name in the interface language; an unknown status keeps the carrier's description. */
export function eventTitle(event: Pick<TTrackingEvent, 'status' | 'description'>, t: Translate): string {
  return t(`tracking.events.${event.status}`, { defaultValue: event.description || event.status });
}

type Step = {
  key: string;
  title: string;
  state: 'done' | 'current' | 'upcoming' | 'stopped';
  when?: string;
  location?: string;
};

function StepList({ steps, label, testId }: { steps: Step[]; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={label} className="grid" data-testid={testId}>
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        return (
          <li
            key={step.key}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-testid="timeline-step"
            data-state={step.state}
          >
            {!last ? (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute left-[11px] top-6 -bottom-0 w-0.5',
                  step.state === 'done' || step.state === 'current' ? 'bg-indigo-200' : 'bg-slate-200',
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                'relative z-10 mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                step.state === 'done' && 'border-indigo-600 bg-indigo-600 text-white',
                step.state === 'current' && 'border-indigo-600 bg-white text-indigo-600 ring-4 ring-indigo-100',
                step.state === 'upcoming' && 'border-slate-300 bg-white',
                step.state === 'stopped' && 'border-red-600 bg-red-600 text-white',
              )}
            >
              {step.state === 'done' ? <Check className="size-3.5" /> : null}
              {step.state === 'current' ? <span className="size-2 rounded-full bg-indigo-600" /> : null}
              {step.state === 'stopped' ? <CircleSlash className="size-3.5" /> : null}
            </span>
            <div className="min-w-0">
              <p
                className={cn(
                  'text-sm font-medium',
                  step.state === 'upcoming'
                    ? 'text-slate-600'
                    : step.state === 'stopped'
                      ? 'text-red-800'
                      : 'text-slate-900',
                )}
                data-testid="timeline-title"
              >
                {step.title}
                <span className="sr-only"> ({t(`tracking.timeline.state.${step.state}`)})</span>
              </p>
              {step.location || step.when ? (
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
                  {step.location ? (
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="size-3" aria-hidden="true" />
                      {step.location}
                    </span>
                  ) : null}
                  {step.when ? <time>{step.when}</time> : null}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A shipment's tracking timeline, oldest scan first: the scans so far (the latest one marked
 * current), then the milestones still to come, greyed; a voided or failed shipment ends with that.
 */
export function TrackingTimeline({ events, status }: { events: readonly TTrackingEvent[]; status: TShipmentStatus }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const sorted = [...events].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const stopped = status === 'cancelled' || status === 'failed';
  const finished = status === 'delivered' || sorted.some((e) => e.status === 'delivered');
  const steps: Step[] = sorted.map((event, i) => ({
    key: event.id,
    title: eventTitle(event, t),
    state: i === sorted.length - 1 && !stopped && !finished ? 'current' : 'done',
    when: formatDateTime(event.timestamp, lang),
    location: event.location || undefined,
  }));
  if (stopped) {
    steps.push({ key: 'stopped', title: t(`shipments.status.${status}`), state: 'stopped' });
  } else if (!finished) {
    const order = MILESTONES as readonly string[];
    const reached = Math.max(-1, ...sorted.map((e) => order.indexOf(e.status)));
    for (const m of MILESTONES.slice(reached + 1)) {
      steps.push({ key: `upcoming-${m}`, title: t(`tracking.events.${m}`), state: 'upcoming' });
    }
  }
  return <StepList steps={steps} label={t('tracking.timeline.label')} testId="tracking-timeline" />;
}

/** The spec's sample timeline, shown while no tracking number has been searched (spec §2 Tracking). */
export function SampleTimeline() {
  const { t } = useTranslation();
  const steps: Step[] = (['orderPlaced', 'inTransit', 'outForDelivery', 'delivered'] as const).map((key) => ({
    key,
    title: t(`tracking.sample.${key}`),
    state: 'upcoming',
  }));
  return <StepList steps={steps} label={t('tracking.sample.label')} testId="sample-timeline" />;
}
