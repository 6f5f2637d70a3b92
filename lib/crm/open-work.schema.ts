/** What an account still has open (the accounts page shows it for a deactivated one). */
export interface OpenWork {
  /** Leads the account owns that are neither Won nor Lost. */
  leads: number;
  /** Tasks given to the account that are not done. */
  tasks: number;
  /** Booked meetings the account hosts that have not started. */
  meetings: number;
}
