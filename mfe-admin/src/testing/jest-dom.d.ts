// The matchers the jest setup adds (toBeInTheDocument, toHaveTextContent…), for the type checker.
import '@testing-library/jest-dom';
