Feature: deal
