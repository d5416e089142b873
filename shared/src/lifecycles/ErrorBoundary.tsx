import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AreaFallback } from './AreaFallback';

interface Props {
  area: string;
  children: ReactNode;
  fallback?: (retry: () => void) => ReactNode;
  /**
   * Someone else handles a render error (the shell, for a canary: it puts the stable version in the area): it gets
   * the error, and the boundary renders nothing instead of a fallback.
   */
  onError?: (error: Error) => void;
}

/** Keeps a render error inside its own area, with Retry; logs it once. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[${this.props.area}] render failed`, error, info.componentStack);
    this.props.onError?.(error);
  }

  retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.onError) return null;
    return this.props.fallback ? this.props.fallback(this.retry) : <AreaFallback onRetry={this.retry} />;
  }
}
