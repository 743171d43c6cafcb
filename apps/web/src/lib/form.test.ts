import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, serverErrorsOf, UNEXPECTED_REFUSAL } from './form';

const values = { email: '', password: '', organisation_name: '', needs: [{ hours: 1 }] };

describe('serverErrorsOf: one mapping of a refusal onto a form', () => {
  it('puts each details.fields message on its field and keeps the message as the refusal', () => {
    const error = new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', {
      fields: { email: 'Already used.' },
    });
    expect(serverErrorsOf(error, values)).toEqual({
      fields: { email: 'Already used.' },
      refusal: 'An account with this email already exists.',
    });
  });

  it("maps the API's field names to the form's, nested paths included", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
      fields: { 'organisation.name': 'Required.', 'needs.0.hours': 'At least 1 hour.' },
    });
    expect(serverErrorsOf(error, values, { 'organisation.name': 'organisation_name' }).fields).toEqual({
      organisation_name: 'Required.',
      'needs.0.hours': 'At least 1 hour.',
    });
  });

  it('adds the messages of fields the form does not have to the refusal', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
      fields: { latitude: 'Needs longitude too.', email: 'Enter a valid email address.' },
    });
    expect(serverErrorsOf(error, values)).toEqual({
      fields: { email: 'Enter a valid email address.' },
      refusal: 'Some fields are not valid. Needs longitude too.',
    });
  });

  it('gives a refusal without fields for an answer that names none, and a plain one for a non-API failure', () => {
    expect(serverErrorsOf(new ApiError(403, 'FORBIDDEN', 'You are not allowed to do this.'), values)).toEqual(
      {
        fields: {},
        refusal: 'You are not allowed to do this.',
      },
    );
    expect(serverErrorsOf(new TypeError('x is undefined'), values)).toEqual({
      fields: {},
      refusal: UNEXPECTED_REFUSAL,
    });
    expect(serverErrorsOf(new DOMException('stopped', 'AbortError'), values)).toEqual({
      fields: {},
      refusal: null,
    });
  });

  it('applyServerErrors replaces the form errors with the field messages', () => {
    const form = { getValues: () => values, setErrors: vi.fn() };
    const error = new ApiError(403, 'WRONG_PASSWORD', 'The current password is not right.', {
      fields: { password: 'Not right.' },
    });
    expect(applyServerErrors(error, form).refusal).toBe('The current password is not right.');
    expect(form.setErrors).toHaveBeenCalledWith({ password: 'Not right.' });
  });
});
