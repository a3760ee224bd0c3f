/** The fields of a booking form, in the order the customer's and the admin's forms show them. */
export const BOOKING_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'address', 'description', 'startDate', 'finishDate', 'startTime', 'finishTime'] as const;
