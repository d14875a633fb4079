// Errors carry the HTTP status and the message Algolia would answer with; routes serialise them as
// Algolia does: {"message": "...", "status": 400}.

export class AlgoliaError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'AlgoliaError';
    this.status = status;
  }

  toJSON(): { message: string; status: number } {
    return { message: this.message, status: this.status };
  }
}

export const indexNotFound = (): AlgoliaError => new AlgoliaError(404, 'Index does not exist');
export const objectNotFound = (): AlgoliaError => new AlgoliaError(404, 'ObjectID does not exist');
export const badRequest = (message: string): AlgoliaError => new AlgoliaError(400, message);
