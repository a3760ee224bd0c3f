/** The fields of a booking form, in the order the customer's and the admin's forms show them. */
export const BOOKING_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'address', 'description', 'startDate', 'finishDate', 'startTime', 'finishTime'] as const;

/**
 * Under an address field: a browser's autofill ("street-address") gives the street alone, and the electrician got a job
 * with no town or postcode to drive to.
 */
export const ADDRESS_HINT = 'House number and street, town and postcode.';
