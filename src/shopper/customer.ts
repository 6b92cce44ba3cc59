/** The shopper's own details as the 3DS and PIX forms hold them; validated by customer-form.ts. */
export interface CustomerFormValues {
  customerName: string;
  email: string;
  taxId: string;
  phone: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = { customerName: '', email: '', taxId: '', phone: '' };

/** Gateway parameter (last path segment) → customer form field. */
export const CUSTOMER_FIELD_OF_PARAMETER: Record<string, keyof CustomerFormValues> = {
  email: 'email',
  phone_numbers: 'phone',
  documents: 'taxId',
  number: 'taxId',
};
