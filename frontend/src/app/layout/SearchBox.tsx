import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { SearchIcon } from "../../components/ui/icons.tsx";
import { fs } from "../../first-screen/classes.ts";

// Plain elements with the rules MUI generates for the Boxes they were (first-screen/stylesheet.tsx).

/** Spec "Navigation bar": the search box leads to /search/{text} (/search when empty). */
export const SearchBox = ({ label, id }: { label: string; id: string }) => {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `/search/${encodeURIComponent(q)}` : "/search");
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role, as it was (a <search> around it would add an element)
    <form role="search" aria-label={label} onSubmit={submit} className={fs.searchForm}>
      <label
        htmlFor={id}
        style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search books and schools"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        className={fs.searchInput}
      />
      <button type="submit" aria-label="Search" className={fs.searchSubmit}>
        <SearchIcon />
      </button>
    </form>
  );
};
