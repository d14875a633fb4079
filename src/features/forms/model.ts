// A Contact Form 7 form as the site renders and validates it (client-safe). Built from CF7's own
// description (properties.form.fields and content), so a change made in WordPress shows up.

export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'number'
  | 'date'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'acceptance'
  | 'file'
  | 'hidden';

export type FormField = {
  name: string;
  kind: FieldKind;
  required: boolean;
  label: string;
  /** For select, radio and checkbox: what is sent and what is shown. */
  options: Array<{ value: string; label: string }>;
  /** From CF7 options: minlength:, maxlength:, min:, max:, limit: (bytes), filetypes: (a|b). */
  minLength?: number;
  maxLength?: number;
  min?: string;
  max?: string;
  maxBytes?: number;
  fileTypes?: string[];
  multiple?: boolean;
  placeholder?: string;
  /** Choices ticked when the form opens (CF7's default: option). */
  defaultValue?: string[];
  /** The tag's data: options: its choices are filled at run time by WordPress, not listed here. */
  dataOptions?: string[];
};

export type FormModel = {
  id: number;
  slug: string;
  title: string;
  fields: FormField[];
  messages: Record<string, string>;
};

/** Values as the visitor typed them, kept on every failure. */
export type FormValues = Record<string, string | string[]>;
/** One French message per field name. */
export type FieldErrors = Record<string, string>;

export const HONEYPOT = 'site_web';
export const IDEMPOTENCY_FIELD = '_idempotence';

/** Phone prefixes get the dial-code picker (with the country lists), France chosen first. */
export const DEFAULT_DIAL_CODE = '+33';
export const isDialCodeField = (field: Pick<FormField, 'name'>) => /indicatif/.test(field.name);
