/**
 * Times for an enquiry's events, each later than every one this process
 * handed out before: the events of one change keep their order even when
 * written within the same millisecond.
 */
export class EventStamps {
  private last = 0;

  next(): Date {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }
}
