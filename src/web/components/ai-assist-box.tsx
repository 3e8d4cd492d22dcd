import { useId, useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AI_TEXT_MAX } from '../../shared/contracts/ai';
import { normalizeProvince, normalizeUsState } from '../../shared/provinces';
import { api, isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { errorMessage, renderText, type TextRef } from '../lib/error-message';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { Textarea } from './ui/input';

export type AiAssistMode = 'sender' | 'receiver' | 'address';

export const AI_FILLED_FIELDS = [
  'firstName',
  'lastName',
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'country',
  'phone',
  'email',
] as const;

export type AiFilledField = (typeof AI_FILLED_FIELDS)[number];
export type AiFilledFields = Partial<Record<AiFilledField, string>>;

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

/**
 * Keeps the non-empty string values of the known fields (`address` is read as address1), maps
 * province names to codes and normalises the country (spec §7 AI assistant).
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
  return out;
}

/** The box's own check before sending: the assistant reads at most AI_TEXT_MAX characters (the API's cap). */
export function aiTextError(text: string): TextRef | undefined {
  const count = text.trim().length;
  if (count <= AI_TEXT_MAX) return undefined;
  return {
    key: 'aiAssist.tooLong',
    values: { max: AI_TEXT_MAX.toLocaleString('en-US'), count: count.toLocaleString('en-US') },
  };
}

/** Free-text box that asks the AI endpoint to read contact and address fields and hands them to the form. */
export function AiAssistBox({
  mode,
  onFill,
  className,
}: {
  mode: AiAssistMode;
  onFill: (fields: AiFilledFields) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const tooLong = aiTextError(text);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    event?.stopPropagation();
    if (pending) return;
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
    try {
      const body = await api.post<unknown>('/api/ai/parse-shipment', { description: PREFIX[mode] + description });
      const fields = toFilledFields(body, mode);
      if (Object.keys(fields).length === 0) throw new Error('nothing found');
      onFill(fields);
      toast({ title: t('aiAssist.filled'), description: t('aiAssist.filledHint'), variant: 'success' });
      setText('');
    } catch (error) {
      toast({
        title: t('aiAssist.failed'),
        // Nothing recognisable in the text (422, or an empty answer): say what to add, in the user's language.
        description:
          !isApiError(error) || error.status === 422
            ? t('aiAssist.failedHint')
            : errorMessage(error, t, 'aiAssist.failedHint'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  // A div rather than a nested <form>: the box usually sits inside the address form.
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className={cn('grid gap-2 rounded-lg border border-indigo-200 bg-indigo-50/60 p-4', className)}
      data-testid={`ai-assist-${mode}`}
    >
      <div className="flex items-center gap-2">
        <Sparkles className="size-4 text-indigo-600" aria-hidden="true" />
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t('aiAssist.title')}
        </h3>
      </div>
      <label htmlFor={`${id}-text`} className="text-sm text-slate-700">
        {t(`aiAssist.label.${mode}`)}
      </label>
      <Textarea
        id={`${id}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit();
        }}
        placeholder={t(`aiAssist.placeholder.${mode}`)}
        rows={3}
        disabled={pending}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={tooLong ? `${id}-error` : undefined}
        data-testid="ai-assist-input"
      />
      {tooLong && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700" data-testid="ai-assist-error">
          {renderText(tooLong, t)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-700">{t('aiAssist.hint')}</p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => void submit()}
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
