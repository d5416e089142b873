import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AreaFallback } from './AreaFallback';

interface Props {
  area: string;
  children: ReactNode;
  fallback?: (retry: () => void) => ReactNode;
}

/** Keeps a render error inside its own area, with Retry; logs it once. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[${this.props.area}] render failed`, error, info.componentStack);
  }

  retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.retry) : <AreaFallback onRetry={this.retry} />;
  }
}
