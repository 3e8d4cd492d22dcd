import { Fragment, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import { renderText } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { hasProblems, serverProblems, type FieldProblems } from '../pricing-format';
import { useDialogFocus } from './admin-ui';
import type { CrudDialogMode } from './crud-table';
import { serverMessageRef } from './pricing-ui';

/**
 * The frame of the admin's form dialogs (charge, discount, price rule): title, description, a close
 * button, a body that scrolls on a short phone screen. While `busy` it cannot be closed, and a click
 * beside it never throws away what was typed.
 */
export function CrudDialog({
  open,
  onClose,
  busy,
  title,
  description,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: string;
  description?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const focus = useDialogFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
          aria-describedby={description ? `${testId}-description` : undefined}
          data-testid={testId}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onEscapeKeyDown={(event) => {
            // Escape in an open search list closes the list only (the combobox handles it).
            const target = event.target as HTMLElement | null;
            const listOpen =
              target?.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true';
            if (busy || listOpen) event.preventDefault();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description id={`${testId}-description`} className="text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={t('common.close')}
              disabled={busy}
              className="-m-1 cursor-pointer rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-5 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The create/edit dialog of a CRUD tab: the create or edit title and description, and a form body
 * made anew for each row opened (so nothing typed for one row shows for the next).
 */
export function CrudFormDialog<T extends { id: string }>({
  mode,
  onClose,
  busy,
  titles,
  descriptions,
  testId,
  children,
}: {
  mode: CrudDialogMode<T>;
  onClose: () => void;
  busy: boolean;
  titles: { create: string; edit: string };
  descriptions: { create: string; edit: string };
  testId: string;
  children: (item: T | null) => ReactNode;
}) {
  const editing = mode?.kind === 'edit';
  return (
    <CrudDialog
      open={mode !== null}
      onClose={onClose}
      busy={busy}
      title={editing ? titles.edit : titles.create}
      description={editing ? descriptions.edit : descriptions.create}
      testId={testId}
    >
      {mode ? (
        <Fragment key={mode.kind === 'edit' ? mode.item.id : 'create'}>
          {children(mode.kind === 'edit' ? mode.item : null)}
        </Fragment>
      ) : null}
    </CrudDialog>
  );
}

/**
 * A dialog form's values and field messages: `set` changes a value and clears its message (and
 * those `alsoClears` names), `show` puts messages under their fields and focuses the first,
 * `saveFailed` shows the server's field messages and a toast.
 */
export function useCrudForm<F extends object, K extends string>(
  initial: F,
  fields: readonly K[],
  alsoClears: (key: keyof F) => K[] = () => [],
) {
  const { t } = useTranslation();
  const uid = useId();
  const [form, setForm] = useState<F>(initial);
  const [problems, setProblems] = useState<FieldProblems<K>>({});
  const fieldId = (field: K) => `${uid}-${field}`;

  const set = <P extends keyof F>(key: P, value: F[P]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => {
      const next: FieldProblems<K> = { ...p, [key]: undefined };
      for (const other of alsoClears(key)) next[other] = undefined;
      return next;
    });
  };

  const show = (found: FieldProblems<K>) => {
    setProblems(found);
    const first = fields.find((f) => found[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const saveFailed = (error: unknown, toastKeys: { title: string; hint: string; tag: string }) => {
    const found = serverProblems(isApiError(error) ? error.fieldErrors : undefined, fields);
    if (hasProblems(found)) show(found);
    toast({
      title: { key: toastKeys.title },
      description: serverMessageRef(error, toastKeys.hint),
      variant: 'destructive',
      tag: toastKeys.tag,
    });
  };

  const problem = (field: K) => (problems[field] ? renderText(problems[field], t) : undefined);

  /** An input's id, text value and change handler for a text field of the form. */
  const bind = <P extends K & keyof F>(field: P) => ({
    id: fieldId(field),
    value: form[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field, event.target.value as F[P]),
  });

  return { uid, form, set, bind, fieldId, problem, show, clear: () => setProblems({}), setProblems, saveFailed };
}

/** The on/off switch of a dialog form, with its label and hint. */
export function ActiveSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border border-slate-200 px-3 py-2">
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium text-slate-800">{label}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} data-testid={testId} />
    </div>
  );
}

/** Cancel and submit at the foot of a dialog form; the submit says `busyText` while `pending`. */
export function DialogFormFooter({
  onCancel,
  cancelText,
  submitText,
  busyText,
  pending,
  submitTestId,
}: {
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  busyText: string;
  pending: boolean;
  submitTestId: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelText}
      </Button>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined} data-testid={submitTestId}>
        {pending ? busyText : submitText}
      </Button>
    </div>
  );
}

/**
 * The end of a CRUD dialog form: the active switch, then cancel and save (create for a new row).
 * Texts are `<keyPrefix>.active`, `.activeHint`, `.cancel`, `.save`, `.create`, `.saving`; test ids
 * `<testIdPrefix>-active` and `<testIdPrefix>-submit`.
 */
export function CrudFormEnd({
  keyPrefix,
  testIdPrefix,
  switchId,
  active,
  onActiveChange,
  editing,
  pending,
  onCancel,
}: {
  keyPrefix: string;
  testIdPrefix: string;
  switchId: string;
  active: boolean;
  onActiveChange: (active: boolean) => void;
  editing: boolean;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ActiveSwitch
        id={switchId}
        label={t(`${keyPrefix}.active`)}
        hint={t(`${keyPrefix}.activeHint`)}
        checked={active}
        onChange={onActiveChange}
        disabled={pending}
        testId={`${testIdPrefix}-active`}
      />
      <DialogFormFooter
        onCancel={onCancel}
        cancelText={t(`${keyPrefix}.cancel`)}
        submitText={editing ? t(`${keyPrefix}.save`) : t(`${keyPrefix}.create`)}
        busyText={t(`${keyPrefix}.saving`)}
        pending={pending}
        submitTestId={`${testIdPrefix}-submit`}
      />
    </>
  );
}
