/** A tiny typed signal, like Godot's: connect a listener, emit to all, disconnect by reference. */
export class Signal<T> {
  private listeners: Array<(value: T) => void> = [];

  connect(listener: (value: T) => void): () => void {
    this.listeners.push(listener);
    return () => this.disconnect(listener);
  }

  disconnect(listener: (value: T) => void): void {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }

  emit(value: T): void {
    // Copy so a listener may disconnect itself while we iterate.
    for (const listener of [...this.listeners]) listener(value);
  }
}
