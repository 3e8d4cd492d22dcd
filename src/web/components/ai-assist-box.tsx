import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ChevronDown, CircleAlert, FileText, Sparkles, X } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AI_TEXT_MAX, PARSED_FIELD_NAMES } from '../../shared/contracts/ai';
import { ErrorCode } from '../../shared/errors';
import { isProvinceCode, normalizeProvince, normalizeUsState } from '../../shared/provinces';
import { api, isApiError, type ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { errorMessage, renderText, type TextRef } from '../lib/error-message';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { Textarea } from './ui/input';

export type AiAssistMode = 'sender' | 'receiver' | 'address';

export const AI_FILLED_FIELDS = PARSED_FIELD_NAMES;

export type AiFilledField = (typeof AI_FILLED_FIELDS)[number];
export type AiFilledFields = Partial<Record<AiFilledField, string>>;

/** What the assistant asks the user to look at: fields it chose among several values, and the block it read. */
export type AiReview = {
  /** Filled fields it guessed, with the other values the text held for them (possibly none). */
  guessed: { field: AiFilledField; others: string[] }[];
  /** The part of the paste it read (the shipping block of an order), or the whole text. */
  block: { heading?: string; text: string };
};

/**
 * A fill that gives a whole address (a name or a street) replaces the last fill; one without them — a
 * correction pasted alone, "sorry, postal code is T5B 1G4" — only amends the fields it gives.
 */
export function isWholeFill(fields: AiFilledFields): boolean {
  return Boolean(fields.address1 || fields.name || fields.firstName || fields.lastName || fields.company);
}

/** Form fields to show for a check, with the other values the text held for each. */
export type AiChecks<F extends string> = Partial<Record<F, string[]>>;

const PREFIX: Record<AiAssistMode, string> = {
  sender: 'Sender information: ',
  receiver: 'Receiver information: ',
  address: 'Extract the address fields from this text: ',
};

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The part of the answer meant for this mode: its own object, else any nested one, else the flat answer. */
function pickSource(body: unknown, mode: AiAssistMode): Raw {
  if (!isObject(body)) return {};
  const order = [mode, 'address', 'sender', 'receiver'];
  for (const key of order) {
    const v = body[key];
    if (isObject(v)) return v;
  }
  return body;
}

function normalizeCountry(value: string): string {
  const upper = value.trim().toUpperCase();
  if (upper === 'CANADA' || upper === 'CAN') return 'CA';
  if (upper === 'USA' || upper === 'UNITED STATES' || upper === 'UNITED STATES OF AMERICA') return 'US';
  return upper;
}

const US_ZIP = /^\d{5}(-\d{4})?$/;

/**
 * Keeps the non-empty string values of the known fields (`address` is read as address1), maps
 * province names to codes and normalises the country (spec §7 AI assistant). An answer without a
 * country whose ZIP or state is American is taken as US, so the form can refuse or place it.
 */
export function toFilledFields(body: unknown, mode: AiAssistMode): AiFilledFields {
  const src = pickSource(body, mode);
  const out: AiFilledFields = {};
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  for (const field of AI_FILLED_FIELDS) {
    const value = text(src[field]) || (field === 'address1' ? text(src.address) : '');
    if (value) out[field] = value;
  }
  if (out.country) out.country = normalizeCountry(out.country);
  if (out.province) {
    const province =
      out.country === 'US'
        ? (normalizeUsState(out.province) ?? normalizeProvince(out.province))
        : (normalizeProvince(out.province) ?? normalizeUsState(out.province));
    out.province = province ?? out.province.toUpperCase();
  }
  if (!out.country) {
    const usState = out.province !== undefined && !isProvinceCode(out.province) && normalizeUsState(out.province);
    if (usState || (out.postalCode !== undefined && US_ZIP.test(out.postalCode))) out.country = 'US';
  }
  return out;
}

/**
 * The answer's review, kept to what is usable: guessed fields that were filled (their other values
 * trimmed, without the chosen one), and the block read, else the text that was sent.
 */
export function toReview(body: unknown, fields: AiFilledFields, sent: string): AiReview {
  const review = isObject(body) && isObject(body.review) ? body.review : {};
  const guessed: AiReview['guessed'] = [];
  const seen = new Set<string>();
  for (const item of Array.isArray(review.guessed) ? review.guessed : []) {
    if (!isObject(item) || typeof item.field !== 'string') continue;
    const field = item.field as AiFilledField;
    const value = fields[field];
    if (!AI_FILLED_FIELDS.includes(field) || value === undefined || seen.has(field)) continue;
    seen.add(field);
    const others = (Array.isArray(item.others) ? item.others : [])
      .filter((o): o is string => typeof o === 'string')
      .map((o) => o.trim())
      .filter((o, i, all) => o !== '' && o !== value && all.indexOf(o) === i);
    guessed.push({ field, others });
  }
  const block = isObject(review.block) && typeof review.block.text === 'string' ? review.block : undefined;
  const heading = typeof block?.heading === 'string' && block.heading.trim() ? block.heading.trim() : undefined;
  const blockText = block && (block.text as string).trim();
  return { guessed, block: blockText ? { heading, text: blockText } : { text: sent } };
}

/** The form fields to mark for a check: each guessed field placed by `target` (its form field or fields). */
export function aiChecks<F extends string>(review: AiReview, target: (field: AiFilledField) => F[]): AiChecks<F> {
  const out: AiChecks<F> = {};
  for (const { field, others } of review.guessed) {
    for (const formField of target(field)) {
      out[formField] = [...new Set([...(out[formField] ?? []), ...others])];
    }
  }
  return out;
}

/**
 * The line under a field to check: 'Check this — the text also has: 416-555-0199'. A short value (a
 * phone, a postal code) is kept on one line; a long one (an address) may wrap.
 */
export function aiCheckNote(others: string[] | undefined, t: TFunction): ReactNode {
  if (!others) return undefined;
  if (others.length === 0) return t('aiAssist.checkUnsure');
  const MARK = '\u0000';
  const [before = '', after = ''] = t('aiAssist.check', { others: MARK }).split(MARK);
  const separator = t('aiAssist.othersSeparator');
  return (
    <>
      {before}
      {others.map((other, i) => (
        <Fragment key={i}>
          {i > 0 ? separator : null}
          <span className={other.length <= 24 ? 'whitespace-nowrap' : undefined}>{other}</span>
        </Fragment>
      ))}
      {after}
    </>
  );
}

/** The box's own check before sending: the assistant reads at most AI_TEXT_MAX characters (the API's cap). */
export function aiTextError(text: string): TextRef | undefined {
  // Cheap on every keystroke: the length is read without copying unless the text may be over.
  if (text.length <= AI_TEXT_MAX) return undefined;
  const count = text.trim().length;
  if (count <= AI_TEXT_MAX) return undefined;
  return {
    key: 'aiAssist.tooLong',
    values: { max: AI_TEXT_MAX.toLocaleString('en-US'), count: count.toLocaleString('en-US') },
  };
}

// English names that read with 'the' in a sentence ('This address is in the United States').
const WITH_THE = new Set(['US', 'GB', 'NL', 'PH', 'AE', 'BS', 'GM', 'DO', 'CF', 'CZ', 'KY', 'VG', 'VI', 'MV', 'SB']);

/** A country's name in the interface language, from its ISO code ('US' → 'the United States' / '美国'). */
export function countryName(code: string, language: string): string {
  const lang = language.startsWith('zh') ? 'zh-CN' : 'en';
  let name = code;
  try {
    name = new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    /* not a region code: show it as given */
  }
  if (lang === 'zh-CN') return name;
  if (code === 'CZ') name = 'Czech Republic';
  return WITH_THE.has(code) ? `the ${name}` : name;
}

/** What a form did with a fill: how many fields it marked for a check, and the element id of the first on screen. */
export type AiFillResult = { marked: number; firstCheckId?: string };

/** Moves focus to an element and scrolls it to the middle of the screen (clear of the sticky top bar). */
function focusElement(el: HTMLElement | null) {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
}

/** An answer that filled no field: the text held nothing the form takes. */
class NothingFound extends Error {}

/** Why a destination was not filled: the country the assistant read and the form's own limit. */
export type Refusal = { country: string; mode: AiAssistMode };

export function refusalText(refusal: Refusal, t: TFunction, language: string): string {
  // Each form says what it takes: the address book CA and US, the sender Canada, the receiver's box CA and US.
  return t(`aiAssist.refused.${refusal.mode}`, { country: countryName(refusal.country, language) });
}

/** The country of a DESTINATION_NOT_SUPPORTED answer, read from its body. */
function refusedCountry(error: ApiError): string | undefined {
  if (error.code !== ErrorCode.DESTINATION_NOT_SUPPORTED) return undefined;
  try {
    const body = JSON.parse(error.bodyText) as { country?: unknown };
    return typeof body.country === 'string' && body.country ? body.country.toUpperCase() : '';
  } catch {
    return '';
  }
}

/**
 * Free-text box that asks the AI endpoint to read contact and address fields and hands them to the
 * form, with the review: the form marks guessed fields, the box shows the block it read. An address
 * in a country the form does not take (`countries`) is refused with the reason and fills nothing.
 * `onFill` returns how many form fields it marked for a check and the first one: focus goes there, and
 * the box says how many (in itself, not in a toast that could cover them). Otherwise focus stays where
 * the user was (the text or the button; the text after a refusal or a failure).
 */
export function AiAssistBox({
  mode,
  countries,
  onFill,
  className,
}: {
  mode: AiAssistMode;
  /** Countries the form takes (ISO codes); an answer with another country fills nothing. */
  countries: readonly string[];
  onFill: (fields: AiFilledFields, review: AiReview) => AiFillResult | void;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [read, setRead] = useState<AiReview['block'] | null>(null);
  const [readOpen, setReadOpen] = useState(true);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Fields the last fill marked for a check: said in the box, where no toast covers the fields.
  const [marked, setMarked] = useState(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // The text and the button are disabled while the answer is awaited, which drops focus to <body>:
  // where it goes back to once they are enabled again.
  const refocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (pending || !refocus.current) return;
    const focus = refocus.current;
    refocus.current = null;
    focus();
  }, [pending]);
  const tooLong = aiTextError(text);
  const showCounter = text.length > AI_TEXT_MAX / 2;

  const refuse = (country: string) => {
    const next = { country, mode };
    setRefusal(next);
    setRead(null);
    toast({
      title: t('aiAssist.refusedTitle'),
      // Plain text (with the country's name in this language): a language switch closes it.
      description: refusalText(next, t, i18n.language),
      variant: 'destructive',
    });
  };

  const focusInput = () => inputRef.current?.focus();

  const submit = async (from: 'input' | 'button', event?: FormEvent) => {
    event?.preventDefault();
    event?.stopPropagation();
    if (pending) return;
    const focusOrigin = from === 'button' ? () => document.getElementById(`${id}-submit`)?.focus() : focusInput;
    const description = text.trim();
    if (!description) {
      toast({ title: t('aiAssist.descriptionRequired'), description: t('aiAssist.descriptionRequiredHint') });
      return;
    }
    if (tooLong) {
      toast({ title: t('aiAssist.failed'), description: renderText(tooLong, t), variant: 'destructive' });
      return;
    }
    setPending(true);
    setRefusal(null);
    setMarked(0);
    // A refusal or a failure asks for another text: focus goes back to it.
    refocus.current = focusInput;
    try {
      const body = await api.post<unknown>('/api/ai/parse-shipment', { description: PREFIX[mode] + description });
      const fields = toFilledFields(body, mode);
      if (Object.keys(fields).length === 0) throw new NothingFound();
      if (fields.country && !countries.includes(fields.country)) {
        refuse(fields.country);
        return;
      }
      const review = toReview(body, fields, description);
      const result = onFill(fields, review);
      const count = result ? result.marked : review.guessed.length;
      setRead(review.block);
      setReadOpen(true);
      setMarked(count);
      const firstCheckId = result?.firstCheckId;
      refocus.current = firstCheckId ? () => focusElement(document.getElementById(firstCheckId)) : focusOrigin;
      // With fields to check, the box itself says so (a toast would sit over them on a phone).
      if (count === 0) {
        toast({ title: { key: 'aiAssist.filled' }, description: { key: 'aiAssist.filledHint' }, variant: 'success' });
      }
      setText('');
    } catch (error) {
      const country = isApiError(error) ? refusedCountry(error) : undefined;
      if (country !== undefined) {
        refuse(country);
        return;
      }
      setRead(null);
      toast({
        title: t('aiAssist.failed'),
        // Nothing recognisable in the text (422, or an empty answer): say what to add, in the user's
        // language. The server out of reach (no answer at all) or failing (a 502 page) is not the text's fault.
        description:
          error instanceof NothingFound || (isApiError(error) && error.status === 422)
            ? t('aiAssist.failedHint')
            : isApiError(error)
              ? errorMessage(error, t)
              : t('aiAssist.network'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  const describedBy = [tooLong && `${id}-error`, showCounter && `${id}-count`].filter(Boolean).join(' ');

  // A div rather than a nested <form>: the box usually sits inside the address form.
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className={cn('grid min-w-0 gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-4', className)}
      data-testid={`ai-assist-${mode}`}
    >
      <div className="flex items-center gap-2">
        <Sparkles className="size-4 text-indigo-700" aria-hidden="true" />
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t('aiAssist.title')}
        </h3>
      </div>
      <label htmlFor={`${id}-text`} className="text-sm text-slate-800">
        {t(`aiAssist.label.${mode}`)}
      </label>
      <Textarea
        id={`${id}-text`}
        value={text}
        ref={inputRef}
        onChange={(e) => {
          setText(e.target.value);
          // The reason, the count of fields to check and the block read were about the text that
          // was sent; a new text makes them stale.
          setRefusal(null);
          setMarked(0);
          if (e.target.value.trim()) setRead(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit('input');
        }}
        placeholder={t(`aiAssist.placeholder.${mode}`)}
        rows={3}
        // Grows with the text (no script measuring it), up to about 14 lines, then scrolls.
        className="max-h-72 min-h-20 resize-y overflow-y-auto [field-sizing:content] placeholder:text-slate-500"
        disabled={pending}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid="ai-assist-input"
      />
      {tooLong ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700" data-testid="ai-assist-error">
          {renderText(tooLong, t)}
        </p>
      ) : showCounter ? (
        <p id={`${id}-count`} className="text-xs text-slate-700 tabular-nums" data-testid="ai-assist-count">
          {t('aiAssist.counter', {
            count: text.length.toLocaleString('en-US'),
            max: AI_TEXT_MAX.toLocaleString('en-US'),
          })}
        </p>
      ) : null}
      {refusal ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-white px-3 py-2 text-sm text-red-800"
          data-testid="ai-assist-refusal"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">{refusalText(refusal, t, i18n.language)}</p>
        </div>
      ) : null}
      {read ? (
        <ReadPanel
          id={`${id}-read`}
          block={read}
          open={readOpen}
          onToggle={() => setReadOpen((o) => !o)}
          onDismiss={() => {
            setRead(null);
            // The panel and its buttons are gone: focus goes to the text box rather than to <body>.
            focusInput();
          }}
        />
      ) : null}
      {marked > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="ai-assist-status"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            {/* Title and hint on lines of their own: no space to join them in Chinese. */}
            <span className="block font-medium">{t('aiAssist.filledWithChecks', { count: marked })}</span>
            <span className="block">{t('aiAssist.filledWithChecksHint')}</span>
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 flex-1 basis-56 text-xs text-slate-700">{t('aiAssist.hint')}</p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          id={`${id}-submit`}
          onClick={() => void submit('button')}
          disabled={pending}
          aria-busy={pending || undefined}
          data-testid="ai-assist-submit"
        >
          <Sparkles className="size-4" aria-hidden="true" />
          {pending ? t('aiAssist.filling') : t('aiAssist.fill')}
        </Button>
      </div>
    </div>
  );
}

/** 'Read from: Shipping address' with the block's lines in a small scrolling panel; collapsible and dismissible. */
function ReadPanel({
  id,
  block,
  open,
  onToggle,
  onDismiss,
}: {
  id: string;
  block: AiReview['block'];
  open: boolean;
  onToggle: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const title = block.heading ? t('aiAssist.readFrom', { heading: block.heading }) : t('aiAssist.readFromText');
  return (
    <div className="grid min-w-0 gap-2 rounded-md border border-indigo-200 bg-white p-3" data-testid="ai-assist-read">
      <div className="flex min-w-0 items-start gap-1">
        {/* The heading is the disclosure button; its label wraps on a phone rather than being cut. */}
        <h4 className="min-w-0 flex-1">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={`${id}-text`}
            className="flex min-h-8 w-full cursor-pointer items-start gap-2 rounded px-1 py-1 text-left hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            data-testid="ai-assist-read-toggle"
          >
            <FileText className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
            <span
              id={`${id}-title`}
              className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900"
              data-testid="ai-assist-read-title"
            >
              {title}
            </span>
            <span className="mt-0.5 hidden shrink-0 text-xs font-medium text-indigo-800 sm:inline" aria-hidden="true">
              {open ? t('aiAssist.hideRead') : t('aiAssist.showRead')}
            </span>
            <ChevronDown
              className={cn('mt-0.5 size-4 shrink-0 text-indigo-800 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
        </h4>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('aiAssist.dismissRead')}
          title={t('aiAssist.dismissRead')}
          className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="ai-assist-read-dismiss"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {/* A named, focusable region, so the keyboard can scroll a long block. */}
      <pre
        id={`${id}-text`}
        hidden={!open}
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-title`}
        className="max-h-40 overflow-auto rounded bg-slate-50 px-3 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        data-testid="ai-assist-read-text"
      >
        {block.text}
      </pre>
    </div>
  );
}
